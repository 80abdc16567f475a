// drop-unlock: an unlock left out (mutex, spinlock, semaphore, RCU); the
// next locker deadlocks, or lockdep sees a lock held on return to user.
@site@
position p;
identifier f =~ "^(mutex_unlock|spin_unlock|spin_unlock_irq|spin_unlock_irqrestore|spin_unlock_bh|raw_spin_unlock|raw_spin_unlock_irqrestore|read_unlock|write_unlock|up|up_read|up_write|rcu_read_unlock)$";
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
