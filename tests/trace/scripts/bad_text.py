# Text that is not valid UTF-8 everywhere a script can put it: its standard error (a progress
# bar of 3-byte characters whose 8 KiB tail is cut mid-character, bytes that are not UTF-8 at
# all, terminal escapes) and an exception message with a lone surrogate; then it fails. The
# trace must still write its report, as valid UTF-8.
import sys

import torch

x = torch.ones(3) * 2
sys.stderr.buffer.write(("\u2588" * 5000).encode() + b"\n\xff\xfe not UTF-8 \x1b]0;title\x07\n")
sys.stderr.flush()
raise ValueError("bad \udcff text | # <b>")
