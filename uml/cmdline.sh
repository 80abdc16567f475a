# uml/cmdline.sh: the guest's kernel command line, for uml/run, uml/boot and uml/debug
# (sourced; one place, so that a run and an interactive boot are the same
# guest).  Needs $linux (the UML binary) and $rootfs.
#
# guest_args UML_DIR: the arguments every guest boots with, one per line
#   mem=128M            the guest's RAM: after what the kernel sets aside
#                       at boot, 72 MiB (MemTotal), 59 MiB of it free when
#                       the job's script starts (with guest_norandom, below).
#                       Every boot pays for all of it (KASAN
#                       poisons the shadow of each free page, and each page
#                       gets its struct page): 256M cost 0.05 to 0.09 s more
#                       a boot
#   root=... ro         the root file system is $rootfs, read-only, by hostfs
#   init=/sbin/lab-init the guest's PID 1 (uml/guest/lab-init)
#   con=null ssl=null   no consoles or serial lines but con0, which the
#                       caller sets (uml/run: output only; uml/boot: the
#                       terminal)
#   slub_debug=FZPU     SLUB's sanity checks, red zones, poisoning and
#                       owner tracking on every cache
#   printk.devkmsg=on   a check's results go into the kernel log (tap.sh)
#   lpj=N               the delay loop's speed on this machine, measured by
#                       the first boot and kept with the kernel (see
#                       guest_measured_lpj): calibrating it costs every boot
#                       0.06-0.17 s for the same answer.  Only udelay() and
#                       its kind use it, and nothing in these guests needs
#                       them precise (a first boot on a busy machine
#                       measures a slower loop)
guest_lpj=$(dirname "$linux")/../lpj

# guest_norandom: what starts the UML binary, with the host's address
# space randomisation off for it (setarch -R).  UML counts the gap between
# the end of its binary and its heap, which the host places at random, as
# guest memory too ("Adding N bytes to physical memory to account for
# exec-shield gap"): with randomisation a guest had from 190 to 960 MiB
# of physical memory, whose page structures come out of its 128 MiB, and
# the kernel found from 59 to 69 MiB available at boot, another amount at
# every boot.  Without it, 70 MiB every time, and a boot 35 ms shorter.
# shellcheck disable=SC2034  # used by the scripts that source this file
# setarch without an architecture keeps the running one (util-linux 2.33
# and later).
guest_norandom="setarch -R"

guest_args() {
	printf '%s\n' mem=128M root=/dev/root rootfstype=hostfs "rootflags=$rootfs" ro \
		init=/sbin/lab-init "uml_dir=$1" con=null ssl=null slub_debug=FZPU \
		printk.devkmsg=on
	[ ! -s "$guest_lpj" ] || { read -r lpj <"$guest_lpj" && echo "lpj=$lpj"; }
}

# guest_measured_lpj CONSOLE_LOG: keep the delay loop's speed that a boot
# without lpj= calibrated, for the next boots.
guest_measured_lpj() {
	[ ! -s "$guest_lpj" ] || return 0
	n=$(sed -n 's/^.*Calibrating delay loop\.\.\. .*(lpj=\([0-9]*\))$/\1/p' "$1" | head -n 1)
	# Under time travel the loop takes no time at all, and lpj is 1.
	if [ "${n:-0}" -gt 1000 ] && echo "$n" 2>/dev/null >"$guest_lpj.$$"; then
		mv -f "$guest_lpj.$$" "$guest_lpj"
	fi
}
