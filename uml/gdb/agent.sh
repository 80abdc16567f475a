# uml/gdb/agent.sh: the guest's side of uml/debug, run by lab-init as the
# job script.  It loads the modules the host copied into /job, says so in
# /job/ready, and then runs the commands that gdb's `guest` command writes
# to the console, one line each: a token, a space, the command.  When a
# command has ended, its exit status goes to /job/done.TOKEN, which is how
# gdb learns that it may stop the kernel again.  The commands run in this
# shell (a `cd` or a variable lasts), with their output on the console.
exec </dev/console >/dev/console 2>&1
# The host reads the console through a pipe: no echo of the commands, and
# no carriage returns in the transcript.  The host shows the console from
# the next line on; the kernel booted quietly, and from now on its
# warnings are shown too (a lockdep report is one).
stty -echo -onlcr 2>/dev/null
echo "guest: the shell is up"
dmesg -n 5
cd /lab || exit 1
while IFS= read -r ko; do
	[ -n "$ko" ] || continue
	insmod "/job/$ko" || echo "guest: insmod $ko failed"
done </job/modules
echo ready >/job/ready
while IFS=' ' read -r token command; do
	eval "$command" </dev/null
	echo $? >"/job/done.$token.new"
	mv "/job/done.$token.new" "/job/done.$token"
done
