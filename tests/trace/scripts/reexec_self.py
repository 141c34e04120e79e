# A script that starts again with its environment set (os.execv of itself), as scripts do to set
# a variable before torch reads it. Before that, an exec that fails (a file whose interpreter is
# not there) leaves the script running, recorded on. The new image's number follows the run
# detbench exposes.
import os
import sys
import tempfile

import torch

if os.environ.get("REEXEC_SELF") != "1":
    x = torch.ones(4) * 2.0
    with tempfile.TemporaryDirectory() as folder:
        broken = os.path.join(folder, "broken")
        with open(broken, "w") as f:
            f.write("#!/nonexistent/interpreter\n")
        os.chmod(broken, 0o755)
        try:
            os.execv(broken, [broken])
        except OSError:
            pass
    y = x + 1.0  # AFTER THE FAILED EXEC
    os.environ["REEXEC_SELF"] = "1"
    os.execv(sys.executable, [sys.executable, os.path.abspath(__file__)])
z = torch.ones(4) * float(os.environ["DETBENCH_TRACE_RUN"])  # CAUSE
print(float(z.sum()))
