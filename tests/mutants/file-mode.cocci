// file-mode: a file published with the wrong permissions, 0644 and 0444
// swapped in a debugfs_create_* call: a file the task says is writable
// cannot be written, or one it says is read-only can.
@site@
position p;
identifier f =~ "^debugfs_create_";
expression name;
@@
(
f(name, 0644@p, ...)
|
f(name, 0444@p, ...)
)

@script:python@
p << site.p;
@@
mutant_site(p)

@@
position site.p;
identifier f =~ "^debugfs_create_";
expression name;
@@
(
f(name,
- 0644@p
+ 0444
 , ...)
|
f(name,
- 0444@p
+ 0644
 , ...)
)
