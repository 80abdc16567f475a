// drop-remove: an unregistration or removal left out on the way out
// (debugfs_remove, misc_deregister, sysfs_remove_bin_file,
// unregister_netdev...): the files outlive the module that serves them.
@site@
position p;
identifier f =~ "^(debugfs_remove|debugfs_remove_recursive|misc_deregister|sysfs_remove_bin_file|sysfs_remove_file|sysfs_remove_group|device_remove_file|device_destroy|class_destroy|cdev_del|unregister_chrdev_region|unregister_netdev|free_netdev|kobject_put|proc_remove|remove_proc_entry)$";
@@
f@p(...);

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
identifier site.f;
@@
- f@p(...);
