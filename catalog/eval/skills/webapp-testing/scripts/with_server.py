#!/usr/bin/env python3
"""Start one or more servers, wait until their ports accept connections, run a command, stop them.

Usage: with_server.py --server "npm run dev" --port 5173 [--server CMD --port N ...] [--timeout 60] -- COMMAND...
Exit code: the command's, or 3 when a server did not come up in time (its output is printed).
"""
import socket
import subprocess
import sys
import time


def port_open(port):
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def main(argv):
    if "--" not in argv:
        print(__doc__.strip(), file=sys.stderr)
        return 1
    split = argv.index("--")
    opts, command = argv[1:split], argv[split + 1:]
    servers = [opts[i + 1] for i, a in enumerate(opts) if a == "--server"]
    ports = [int(opts[i + 1]) for i, a in enumerate(opts) if a == "--port"]
    timeout = int(opts[opts.index("--timeout") + 1]) if "--timeout" in opts else 60
    procs = [subprocess.Popen(cmd, shell=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for cmd in servers]
    try:
        deadline = time.monotonic() + timeout
        for port, proc in zip(ports, procs):
            while not port_open(port):
                if proc.poll() is not None or time.monotonic() > deadline:
                    print(f"server on port {port} did not start", file=sys.stderr)
                    print(proc.stdout.read() if proc.stdout else "", file=sys.stderr)
                    return 3
                time.sleep(0.2)  # polling a port: there is no event to wait on
        return subprocess.call(command)
    finally:
        for proc in procs:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
