"""Where an op was called from: the innermost frame of the user's code (outside torch, this
probe and Python's standard library), as a site id; a site's record is sent the first time it is
seen. A mixin of the Recorder, whose channel it sends on."""

import os
import sys
import threading

import torch

from . import kernels as _kernels
from .channel import text

# Where torch rebuilds a tensor received from another process (a DataLoader worker's batch):
# the ops there (lift_fresh, set_) run when the batch arrives, whose order between workers
# varies from run to run, so they are not recorded; the batch enters as data from outside, first
# seen where the script reads it, in the order the DataLoader yields it.
_REBUILDS = os.path.join("multiprocessing", "reductions.py")
_USER, _INTERNAL, _HIDDEN, _COMPILED = 0, 1, 2, 3


class CallSites:
    def init_sites(self):
        self.sites = {}  # (file, line, function) -> site id
        self.site_at = {}  # (code, instruction) -> site id
        self.kinds = {}
        # torch, this probe and Python's standard library (multiprocessing's queue under a
        # DataLoader, runpy, contextlib) are not the user's code.
        self.prefixes = tuple(
            os.path.join(os.path.dirname(os.path.abspath(p)), "")
            for p in (torch.__file__, __file__, os.__file__))
        self.site_lock = threading.Lock()
        self.start_cwd = os.getcwd()
        self.compiled_caller = False  # the op being recorded was called by compiled code

    def _kind(self, code):
        """_USER, _INTERNAL (torch, the probe, the standard library), _HIDDEN (where torch
        rebuilds a tensor another process sent: a DataLoader worker's batch) or _COMPILED
        (Inductor's output code, kernels.py: internal too)."""
        kind = self.kinds.get(code)
        if kind is None:
            filename = code.co_filename
            if filename.startswith(self.prefixes[0]) and filename.endswith(_REBUILDS):
                kind = _HIDDEN
            elif filename in _kernels.LOG.files:
                kind = _COMPILED
            elif filename.startswith(self.prefixes) or filename.startswith("<frozen"):
                kind = _INTERNAL
            else:
                kind = _USER
            self.kinds[code] = kind
        return kind

    def locate(self):
        """The id of the user's call site (0: none), and whether the op is hidden. A site's
        record is sent the first time it is seen."""
        frame = sys._getframe(2)  # the caller of the probe's method that asks
        self.compiled_caller = False
        kinds = self.kinds
        while frame is not None:
            code = frame.f_code
            kind = kinds.get(code)
            if kind is None:
                kind = self._kind(code)
            if kind == _USER:
                break
            if kind == _HIDDEN:
                return 0, True
            if kind == _COMPILED:  # Inductor's output code: a compiled backward's ATen calls
                self.compiled_caller = True
            frame = frame.f_back
        if frame is None:
            return 0, False
        if code.co_filename.startswith("<"):
            # Code given to exec() as text ("<string>"): the line of the user's file that ran
            # it, where there is one; else the text's own name and line stay.
            outer = frame.f_back
            while outer is not None:
                c = outer.f_code
                if (kinds.get(c) or self._kind(c)) == _USER and not c.co_filename.startswith("<"):
                    return self._site(c, outer.f_lineno), False
                outer = outer.f_back
        # By the instruction that called: its line number is worked out once (f_lineno scans
        # the code's line table, long in a script's top level).
        at = (code, frame.f_lasti)
        site = self.site_at.get(at)
        if site is None:
            site = self._site(code, frame.f_lineno)
            self.site_at[at] = site
        return site, False

    def _site(self, code, line):
        key = (code.co_filename, line, code.co_name)
        site = self.sites.get(key)
        if site is None:
            with self.site_lock:  # threads: each id once, its record sent before it is used
                site = self.sites.get(key)
                if site is None:
                    site = len(self.sites) + 1
                    # Relative to the folder the script started in (it may change directory).
                    filename = key[0] if key[0].startswith("<") else os.path.normpath(
                        os.path.join(self.start_cwd, key[0]))
                    self.channel.send('{"t":"site","s":%d,"file":%s,"line":%d,"fn":%s}' % (
                        site, text(filename), key[1], text(key[2])))
                    self.sites[key] = site
        return site
