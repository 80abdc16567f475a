# uml/gdb/lit26.py: gdb's side of uml/debug (read that first).
#
# uml/debug starts gdb with this file and, in the environment, where
# everything is (LIT26_DEBUG_*).  It
#   - starts the guest as a child of gdb, so that gdb may trace it
#     wherever ptrace is limited to one's own descendants (Yama scope 1),
#     and loads vmlinux's symbols while the guest boots;
#   - attaches to the kernel's host process once the guest says it is
#     ready, with the signals UML lives on passed through silently;
#   - gives every module in the kernel its symbols at the addresses where
#     it was loaded, also modules loaded later, and takes them away again
#     when a module is unloaded or its init code is freed;
#   - puts breakpoints in module code back after the guest starts a
#     process (see Rearm);
#   - stops at a panic;
#   - defines `guest CMD`, which runs CMD in the guest's shell;
#   - in batch mode, runs a script of gdb commands as if typed.
import os
import subprocess
import sys
import time

import gdb

D = os.environ["LIT26_DEBUG_DIR"]
JOB = D + "/job"
T0 = float(os.environ.get("LIT26_DEBUG_START", time.time()))
SYMBOL_DIRS = [p for p in os.environ.get("LIT26_DEBUG_SYMBOLS", "").split(":") if p]
SCRIPT = os.environ.get("LIT26_DEBUG_SCRIPT", "")
TERMINAL = os.dup(1)    # gdb's stdout as it started: a terminal, or the transcript


def say(msg):
    """A message of this session, at once and in order with the guest's
    console: straight to the terminal, also while gdb collects the output
    of a command to show it later (guest, batch)."""
    gdb.flush()
    console_quiet()
    os.write(TERMINAL, ("uml/debug: %s\n" % msg).encode())


def console_quiet():
    """Wait (at most half a second) until the console has been quiet for
    50 ms, so that what the command printed is out before gdb goes on."""
    path, last, still = D + "/console.log", -1, 0
    for _ in range(50):
        size = os.path.getsize(path)
        still = still + 1 if size == last else 0
        if still >= 5:
            return
        last = size
        time.sleep(0.01)


def note(name, text=""):
    """Leave a file in the session directory for uml/debug to read."""
    with open(os.path.join(D, name), "w") as f:
        f.write(text)


def run(cmd):
    return gdb.execute(cmd, to_string=True)


class State:
    pid = 0             # the kernel's host process
    alive = False
    awaited = None      # the token of the guest command being waited for
    ended = False       # the last stop was a guest command's end
    in_guest = False    # within the guest command
    serial = 0


S = State()

# --- Settings, boot, symbols, attach -----------------------------------------


class quiet_fds:
    """Send what gdb writes to its stdout and stderr to a file (by default
    nowhere)."""

    def __init__(self, path=os.devnull):
        self.path = path

    def __enter__(self):
        gdb.flush()
        sys.stdout.flush()
        self.saved = [os.dup(1), os.dup(2)]
        out = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(out, 1)
        os.dup2(out, 2)
        os.close(out)

    def __exit__(self, *exc):
        gdb.flush()
        sys.stdout.flush()
        for fd, saved in zip((1, 2), self.saved):
            os.dup2(saved, fd)
            os.close(saved)
        return False


class after_console(quiet_fds):
    """Hold back what gdb writes while the kernel runs, and show it once
    the guest's console has gone quiet.  The console reaches the terminal
    through a pipe, gdb's output directly: without this, gdb could say
    where the kernel stopped before the last lines the guest printed on
    the way there."""

    depth = 0

    def __init__(self):
        after_console.depth += 1
        super().__init__("%s/held.%d" % (D, after_console.depth))

    def __exit__(self, *exc):
        super().__exit__(*exc)
        after_console.depth -= 1
        console_quiet()
        with open(self.path, "rb") as f:
            os.write(1, f.read())
        return False


def start():
    for cmd in ("set pagination off", "set confirm off", "set height 0",
                "set breakpoint pending on", "set print inferior-events off",
                "set auto-load libthread-db off"):
        run(cmd)
    # UML's interrupts, timers and page faults are host signals to the
    # kernel's process: gdb must pass them on and not stop for them.
    for sig in ("SIGSEGV", "SIGIO", "SIGALRM", "SIGVTALRM", "SIGUSR1", "SIGUSR2",
                "SIGWINCH", "SIGCHLD", "SIGPIPE", "SIGPROF"):
        run("handle %s nostop noprint pass" % sig)
    if os.environ.get("LIT26_DEBUG_NO_HW") == "1":
        # The host does not deliver hardware breakpoints and watchpoints
        # (a virtual machine that hides the debug registers): gdb would
        # set them and they would never fire.  Software watchpoints
        # single-step instead.
        run("set can-use-hw-watchpoints 0")

    # The guest boots while gdb reads vmlinux's symbols.
    boot = subprocess.Popen(["sh", D + "/boot"], start_new_session=True,
                            stdin=subprocess.DEVNULL)
    run("file " + os.environ["LIT26_DEBUG_VMLINUX"])
    # vmlinux-gdb.py finds its package beside itself through __file__,
    # which is still this file's while it is sourced from here.
    helpers = os.environ["LIT26_DEBUG_HELPERS"]
    sys.path.insert(0, os.path.dirname(helpers) + "/scripts/gdb")
    run("source " + helpers)
    limit = time.time() + float(os.environ.get("LIT26_DEBUG_BOOT_TIMEOUT", "60"))
    while not os.path.exists(JOB + "/ready"):
        if boot.poll() is not None or time.time() > limit:
            note("boot-failed")
            say("the guest did not come up; the last lines of its console:")
            with open(D + "/console.log", errors="replace") as f:
                gdb.write("".join(f.readlines()[-20:]))
            gdb.execute("quit 125")
        time.sleep(0.02)
    S.pid = boot.pid
    # Where the kernel happened to be is of no interest, and gdb prints it
    # past any redirection: the output of the attach goes nowhere.
    error = None
    with quiet_fds():
        try:
            run("attach %d" % S.pid)
        except gdb.error as e:
            error = str(e)
    if error:
        note("attach-failed", error)
        gdb.execute("quit 126")
    S.alive = True


def set_up(step):
    """Run a set-up step; a failure ends gdb with 126, and says why."""
    try:
        step()
    except Exception as e:
        note("setup-failed", str(e))
        say("gdb could not be set up: %s" % e)
        gdb.execute("quit 126")


set_up(start)


def on_exit(event):
    S.alive = False
    if hasattr(event, "exit_code"):     # not when gdb detached
        note("exited", str(event.exit_code))
        say("the guest kernel's process has ended (exit code %s)" % event.exit_code)


gdb.events.exited.connect(on_exit)

# --- Module symbols ---------------------------------------------------------
#
# The kernel keeps, for every module, the address of each of its sections
# (what /sys/module/NAME/sections/ shows).  gdb reads them from the
# kernel's memory with the kernel's own gdb helpers and hands them to
# add-symbol-file.  Sections whose memory is gone (init code, after init)
# are left out: their addresses may already belong to something else.

loaded = {}     # module name -> (its placed .ko, init sections loaded?, sections)


def find_ko(name):
    want = name.replace("-", "_") + ".ko"
    for top in SYMBOL_DIRS:
        for root, dirs, files in os.walk(top):
            for f in files:
                if f.replace("-", "_") == want:
                    return os.path.join(root, f)
    return None


def alloc_sections(ko):
    """The sections of KO that a loader would put in memory."""
    out = subprocess.run(["objdump", "-h", "-w", ko], check=True,
                         capture_output=True, text=True).stdout
    return [line.split()[1] for line in out.splitlines()
            if line[:1] == " " and "ALLOC" in line]


def live_ranges(mod):
    ranges = []
    for t in range(int(gdb.parse_and_eval("MOD_MEM_NUM_TYPES"))):
        base = int(mod["mem"][t]["base"])
        size = int(mod["mem"][t]["size"])
        if base and size:
            ranges.append((base, base + size))
    return ranges


def load_module(mod, quiet=False):
    name = mod["name"].string()
    ko = find_ko(name)
    if ko is None:
        say("no %s.ko under %s: no symbols for it" % (name, " ".join(SYMBOL_DIRS)))
        return
    ranges = live_ranges(mod)
    attrs = mod["sect_attrs"].dereference()
    sections = {}
    for i in range(int(attrs["nsections"])):
        a = attrs["attrs"][i]
        addr = int(a["address"])
        if any(lo <= addr < hi for lo, hi in ranges):
            sections[a["battr"]["attr"]["name"].string()] = addr
    if name in loaded:
        if loaded[name][2] == sections:
            return
        unload_module(name)
    # gdb places a relocatable file's debug information by the offset of
    # its .text alone: code in .text.unlikely or .init.text would land at
    # the wrong address.  A copy of the .ko whose sections already carry
    # their addresses needs no offset at all.  Sections whose memory is
    # gone go far away, where no address of the guest is.  The copy has
    # no build ID, so that gdb's index cache (keyed by it) never hands
    # this session the addresses of another.
    sections.pop(".note.gnu.build-id", None)
    placed = "%s/symbols/%s.ko" % (D, name)
    os.makedirs(os.path.dirname(placed), exist_ok=True)
    where = dict(sections)
    for i, n in enumerate(alloc_sections(ko)):
        where.setdefault(n, 0xdead000000000000 + (i << 24))
    where.pop(".note.gnu.build-id", None)
    subprocess.run(["objcopy", "--remove-section=.note.gnu.build-id"] + [
        "--change-section-address=%s=0x%x" % s for s in sorted(where.items())] +
        [ko, placed], check=True, stderr=subprocess.DEVNULL)
    run("add-symbol-file %s%s" % (placed, "".join(
        " -s %s 0x%x" % s for s in sorted(sections.items()))))
    init = any(n.startswith(".init") for n in sections)
    loaded[name] = (placed, init, sections)
    if not quiet:
        say("%s: symbols from %s" % (name, os.path.relpath(ko)))


def unload_module(name):
    if name in loaded:
        run("remove-symbol-file %s" % loaded.pop(name)[0])


# gdb may call a breakpoint's stop() twice for one hit (when a signal
# arrives as it steps over the breakpoint, the handler returns to it), so
# each of these does nothing the second time.

class ModuleLoaded(gdb.Breakpoint):
    """A module is about to run its init function: its sections are
    in place, so its breakpoints (pending until now) can be set."""

    def stop(self):
        load_module(gdb.parse_and_eval("mod"))
        return False


class ModuleFreed(gdb.Breakpoint):
    """A module's memory is about to be freed (rmmod, or a failed init):
    its breakpoints go back to pending before the memory is reused."""

    def stop(self):
        unload_module(gdb.parse_and_eval("mod")["name"].string())
        return False


class InitFreed(gdb.Breakpoint):
    """The init code of modules that finished loading is about to be
    freed: load their symbols again, without the init sections."""

    def stop(self):
        for mod in module_list():
            name = mod["name"].string()
            init = int(gdb.parse_and_eval("MOD_INIT_TEXT"))
            if name in loaded and loaded[name][1] and not int(mod["mem"][init]["base"]):
                unload_module(name)
                load_module(mod, quiet=True)
        return False


# --- Breakpoints in module code survive the guest's processes ---------------
#
# Every guest process is a host process that UML clones from the kernel's.
# gdb sees the clone and, before it lets the new process go, takes its
# breakpoints out of the new process's memory.  Kernel text is the
# process's private copy, but a module's code lies in the guest's
# physical memory, a file that both processes map shared: taking the
# breakpoints out of the child takes them out of the kernel too.  Right
# after start_userspace() returns, this puts them back, by disabling and
# enabling each breakpoint, which makes gdb insert it again.

def call_return(caller, callee):
    """The address right after CALLER's call of CALLEE (a direct call, or,
    as UML's large code model compiles it, one through a register)."""
    start = int(gdb.parse_and_eval("(long)&%s" % caller))
    target = "0x%x" % int(gdb.parse_and_eval("(long)&%s" % callee))
    arch = gdb.selected_frame().architecture()
    loaded_target = False
    for insn in arch.disassemble(start, start + 4096):
        asm = insn["asm"]
        if asm.startswith("mov") and target in asm:
            loaded_target = True
        elif asm.startswith("call") and (loaded_target or "<%s>" % callee in asm):
            return insn["addr"] + insn["length"]
        elif asm.startswith("ret"):
            break
    raise gdb.GdbError("no call of %s in %s" % (callee, caller))


class Rearm(gdb.Breakpoint):
    """UML has just made a guest process's clone: write every breakpoint
    into the code again (see above)."""

    def stop(self):
        for bp in gdb.breakpoints():
            if bp.type == gdb.BP_BREAKPOINT and bp.enabled and bp.locations:
                bp.enabled = False
                bp.enabled = True
        return False


class Panic(gdb.Breakpoint):
    """The kernel panics: stop before it dies, where the stack still says
    how it came to this (silently: the messages say where it is)."""

    def __init__(self):
        super().__init__("panic", internal=True)
        self.silent = True

    def stop(self):
        try:
            msg = gdb.parse_and_eval("fmt").string()
        except gdb.error:
            msg = "?"
        note("panicked", msg)
        say("the guest kernel panics: %s" % msg.strip())
        say("gdb stopped it in panic(): bt shows who called it; quit ends the session")
        return True


def arm():
    global module_list
    from linux.modules import module_list   # the kernel's helper
    ModuleLoaded("do_init_module", internal=True)
    ModuleFreed("free_module", internal=True)
    InitFreed("do_free_init", internal=True)
    Rearm("*0x%x" % call_return("init_new_context", "start_userspace"), internal=True)
    Panic()
    CommandEnded()
    for m in module_list():
        load_module(m)


# --- guest CMD --------------------------------------------------------------


class CommandEnded(gdb.Breakpoint):
    """The kernel is going idle (arch_cpu_idle): if the guest command gdb
    waits for has ended, stop here, silently.  After a command the shell
    waits for the next one, so the kernel goes idle right after it."""

    def __init__(self):
        super().__init__("arch_cpu_idle", internal=True)
        self.silent = True

    def stop(self):
        token = S.awaited
        if token is None or not os.path.exists("%s/done.%s" % (JOB, token)):
            return False
        S.awaited = None
        S.ended = True
        if not S.in_guest:
            say("the guest command has ended")
        return True


class Guest(gdb.Command):
    """guest COMMAND: run COMMAND in the guest's shell.

The kernel runs until COMMAND has ended, or until a breakpoint, a
watchpoint or Ctrl-C stops it first; `continue` then goes on until the
command has ended (when the guest goes idle after it).  COMMAND runs
in /lab, in the shell that loaded the modules, with its output on the
guest's console."""

    def __init__(self):
        super().__init__("guest", gdb.COMMAND_RUNNING)

    def invoke(self, arg, from_tty):
        if not arg.strip():
            raise gdb.GdbError("usage: guest COMMAND")
        if not S.alive:
            raise gdb.GdbError("the guest is not running")
        S.serial += 1
        token = "%d" % S.serial
        S.awaited = token
        S.ended = False
        gdb.flush()
        with open(D + "/in", "w") as fifo:
            fifo.write("%s %s\n" % (token, arg.replace("\n", " ")))
        S.in_guest = True
        try:
            with after_console():
                gdb.execute("continue")
        finally:
            S.in_guest = False
        if S.ended:
            with open("%s/done.%s" % (JOB, token)) as f:
                status = f.read().strip()
            if status != "0":
                gdb.write("(exit status %s)\n" % status)
        gdb.flush()


Guest()

# --- The session ------------------------------------------------------------

set_up(arm)

names = sorted(loaded) or ["no module"]
say("gdb is attached to the guest kernel (pid %d); %s loaded; ready in %.1f s"
    % (S.pid, ", ".join(names), time.time() - T0))
note("ready-time", "%.2f" % (time.time() - T0))

BLOCKS = ("commands", "define", "document", "if", "while")
RAW = ("python", "py", "document")


def script_commands(path):
    """The commands of a gdb script, a block (if ... end) as one."""
    block, depth, raw = [], 0, False
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            words = line.split()
            if not block and (not words or words[0].startswith("#")):
                continue
            block.append(line)
            if words and words[0] == "end":
                depth -= 1
                raw = False
            elif not raw and words and (words[0] in BLOCKS or
                                        (words[0] in RAW and len(words) == 1)):
                depth += 1
                raw = words[0] in RAW
            if depth == 0:
                yield block
                block = []
    if block:
        yield block


def batch(path):
    """Run PATH's commands as if typed, each after its prompt; stop at the
    first that fails, as gdb -batch does."""
    for block in script_commands(path):
        gdb.write("(gdb) %s\n" % block[0])
        for line in block[1:]:
            gdb.write(">%s\n" % line)
        gdb.flush()
        try:
            with after_console():
                gdb.execute("\n".join(block))
        except gdb.error as e:
            sys.stderr.write("%s\n" % e)
            sys.stderr.flush()
            return 1
        gdb.flush()
    return 0


if SCRIPT:
    gdb.execute("set width %s" % os.environ.get("LIT26_DEBUG_WIDTH", "0"))
    status = batch(SCRIPT)
    note("script-status", str(status))
    if S.alive:
        run("kill")
    gdb.execute("quit %d" % status)
else:
    say("guest COMMAND runs COMMAND in the guest's shell (see help guest);"
        " Ctrl-C stops the kernel; quit ends the session")
