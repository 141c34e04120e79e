# Started by `detbench trace` in place of the user's script: puts detbench's probe on the path
# and runs the script under it (detbench_probe/runner.py). Not meant to be run by hand.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from detbench_probe.runner import main  # noqa: E402

main()
