"""detbench's 64-bit tensor digest (core/include/detbench/run/Digest.hpp), computed where the
tensor lives.

digest = finalize(sum over i of term(i, bits_i) mod 2^64, count, element size), where
term(i, bits) = mum(bits ^ VALUE_KEY, (i * INDEX_STEP) ^ INDEX_KEY) and mum folds the 128-bit
product of two 64-bit words into 64 bits (low ^ high). Elements are taken in the tensor's
logical (row-major) order, by their bits, zero-extended to 64 bits: 1-, 2-, 4- and 8-byte
elements; a complex tensor is digested as its real view (twice the elements). The same bytes
give the same digest as detbench's C++ digest.

A CUDA tensor (or any device) is digested with int64 torch ops on that device: the 64x64->128
multiply is done on 32-bit halves, shifts are arithmetic and masked to act as logical ones,
and int64 additions and products wrap modulo 2^64 as two's complement does. A CPU tensor is
digested with NumPy's uint64 arithmetic on the tensor's own memory when NumPy is present (no
copy for a contiguous tensor), otherwise with the same torch ops.
"""

import torch

try:
    import numpy as _np
except Exception:  # NumPy is optional
    _np = None

# Tensor.numpy as torch defines it: the probe wraps the attribute while a script runs.
_TENSOR_NUMPY = torch.Tensor.numpy


def _load_library():
    """detbench's compiled digest (DETBENCH_TRACE_DIGEST_LIB): (contiguous, strided), or None
    for each it lacks; the contiguous one from the extension module where it loads. The same
    digest over a CPU tensor's own memory at memory speed, one call a tensor; a strided tensor
    (a transposed weight) read where its elements lie, no copy."""
    import os
    path = os.environ.pop("DETBENCH_TRACE_DIGEST_LIB", "")
    if not path:
        return None, None
    try:
        import ctypes
        lib = ctypes.CDLL(path)
        fn = lib.detbench_probe_digest
        fn.restype = ctypes.c_uint64
        fn.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint64]
    except Exception:  # not loadable here (another libc, a sanitizer build): NumPy instead
        return None, None
    try:
        strided = lib.detbench_probe_digest_strided
        strided.restype = ctypes.c_uint64
        strided.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_uint64,
                            ctypes.c_void_p, ctypes.c_void_p]
    except Exception:
        strided = None
    return _module_digest(path) or fn, strided


def _module_digest(library_path):
    """The same digest from the extension module beside the library (ProbeDigestModule.cpp),
    called without ctypes' conversions; None where it is absent or does not load here."""
    import importlib.machinery
    import importlib.util
    import os
    path = os.path.join(os.path.dirname(library_path), "_detbench_digest.abi3.so")
    if not os.path.isfile(path):
        return None
    try:
        loader = importlib.machinery.ExtensionFileLoader("_detbench_digest", path)
        spec = importlib.util.spec_from_file_location("_detbench_digest", path, loader=loader)
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
        return module.digest
    except Exception:  # another ABI (a free-threaded interpreter): ctypes instead
        return None


_library, _library_strided = _load_library()


def _digest_strided(bits, size):
    """The compiled digest of a non-contiguous CPU tensor read in place, or None where the
    library could not take it (the caller then digests a contiguous copy)."""
    import ctypes
    ndim = bits.dim()
    sizes = (ctypes.c_int64 * ndim)(*bits.shape)
    strides = (ctypes.c_int64 * ndim)(*bits.stride())
    d = _library_strided(bits.data_ptr(), size, ndim, ctypes.addressof(sizes),
                         ctypes.addressof(strides))
    return d or None


MASK64 = (1 << 64) - 1
_M32 = 0xFFFFFFFF
VALUE_KEY = 0xA0761D6478BD642F
INDEX_KEY = 0xE7037ED1A0B428DB
INDEX_STEP = 0x9E3779B97F4A7C15
FINAL_KEY = 0x8EBC6AF09C88C6E3

# Elements handled per step, so the temporaries stay bounded on large tensors: on a device, in
# few launches; on the CPU, in buffers that stay in the cache.
CHUNK = 1 << 20
NUMPY_CHUNK = 1 << 16


def _signed(u):
    """The int64 with the bits of the uint64 `u`."""
    u &= MASK64
    return u - (1 << 64) if u >= (1 << 63) else u


_VALUE_KEY_S = _signed(VALUE_KEY)
_INDEX_KEY_S = _signed(INDEX_KEY)
_INDEX_STEP_S = _signed(INDEX_STEP)


def mum(a, b):
    r = (a & MASK64) * (b & MASK64)
    return (r & MASK64) ^ (r >> 64)


def finalize(total, count, element_size):
    return mum(total ^ FINAL_KEY,
               ((count * INDEX_STEP) ^ (element_size * VALUE_KEY) ^ INDEX_KEY) & MASK64)


def _bits_view(t):
    """(an integer tensor with t's element bits, element size), or None for what has no bits to
    digest (sparse, quantized, meta, nested tensors)."""
    if t.layout != torch.strided or t.is_quantized or t.device.type == "meta":
        return None
    if getattr(t, "is_nested", False):
        return None
    if t.is_complex():
        t = torch.view_as_real(t)
    size = t.element_size()
    if size == 1:
        return t.view(torch.uint8), 1
    if size == 2:
        return t.view(torch.int16), 2
    if size == 4:
        return t.view(torch.int32), 4
    if size == 8:
        return t.view(torch.int64), 8
    return None


# ---- torch ops (any device) -------------------------------------------------------------
#
# int64 tensors hold the uint64 words: products and sums wrap as two's complement does, and a
# right shift is made logical by masking. As in the NumPy form below, the low word of the
# product is the wrapping multiply itself, and for elements of 4 bytes or fewer the terms that
# depend on the position only are kept per device.

_VALUE_HI = VALUE_KEY >> 32
_torch_positions = {}


class _TorchPositions:
    def __init__(self, device, begin, n):
        b = torch.arange(begin, begin + n, dtype=torch.int64, device=device)
        b.mul_(_INDEX_STEP_S)
        b.bitwise_xor_(_INDEX_KEY_S)
        self.b = b
        self.lo = b & _M32
        self.hi = (b >> 32) & _M32
        hl = self.lo * _VALUE_HI
        self.hl_lo = hl & _M32
        self.high = self.hi * _VALUE_HI
        self.high += (hl >> 32) & _M32

    def prefix(self, n):
        p = _TorchPositions.__new__(_TorchPositions)
        p.b, p.lo, p.hi = self.b[:n], self.lo[:n], self.hi[:n]
        p.hl_lo, p.high = self.hl_lo[:n], self.high[:n]
        return p


def _torch_positions_for(device, begin, n):
    if begin != 0:
        return _TorchPositions(device, begin, n)
    cached = _torch_positions.get(device)
    if cached is None or cached.b.numel() < n:
        size = min(max(n, 4096 if cached is None else 2 * cached.b.numel()), CHUNK)
        cached = _TorchPositions(device, 0, size)
        _torch_positions[device] = cached
    return cached.prefix(n)


def _term_sum_torch(bits, begin, narrow):
    """Sum mod 2^64 of the terms of `bits` (int64 holding the zero-extended element bits) at
    positions begin, begin + 1, ..."""
    pos = _torch_positions_for(bits.device, begin, bits.numel())
    a = bits.bitwise_xor_(_VALUE_KEY_S)
    low = a * pos.b                      # low word of the product
    if narrow:
        a.bitwise_and_(_M32)             # a_lo; a_hi is VALUE_KEY >> 32
        mid = (a * pos.lo).bitwise_right_shift_(32).bitwise_and_(_M32)
        a.mul_(pos.hi)                   # lh
        mid += a & _M32
        mid += pos.hl_lo
        high = a.bitwise_right_shift_(32).bitwise_and_(_M32)
        high += pos.high
    else:
        a_lo = a & _M32
        a_hi = a.bitwise_right_shift_(32).bitwise_and_(_M32)
        mid = (a_lo * pos.lo).bitwise_right_shift_(32).bitwise_and_(_M32)
        a_lo.mul_(pos.hi)                # lh
        mid += a_lo & _M32
        high = a_hi * pos.hi             # hh
        high += a_lo.bitwise_right_shift_(32).bitwise_and_(_M32)
        a_hi.mul_(pos.lo)                # hl
        mid += a_hi & _M32
        high += a_hi.bitwise_right_shift_(32).bitwise_and_(_M32)
    high += mid.bitwise_right_shift_(32)  # mid < 2^34: the arithmetic shift is a logical one
    low.bitwise_xor_(high)
    return int(low.sum().item()) & MASK64


def _digest_torch(bits, size):
    flat = bits.reshape(-1)
    n = flat.numel()
    mask = (1 << (8 * size)) - 1
    total = 0
    for begin in range(0, n, CHUNK):
        part = flat[begin:begin + CHUNK].to(torch.int64, copy=True)
        if size < 8:
            part.bitwise_and_(mask)
        total = (total + _term_sum_torch(part, begin, size < 8)) & MASK64
    return finalize(total, n, size)


# ---- NumPy (CPU tensors) ----------------------------------------------------------------
#
# The same arithmetic in uint64 arrays (which wrap modulo 2^64), into buffers reused from call
# to call. The low word of the product is NumPy's own wrapping multiply. For elements of 4 bytes
# or fewer the value's high half is the key's (the bits are zero-extended), so the products
# that involve it depend on the position only and are kept with the position constants.

if _np is not None:
    _U = _np.uint64
    _NP_M32 = _U(_M32)
    _NP_32 = _U(32)
    _NP_VALUE_KEY = _U(VALUE_KEY)
    _NP_VALUE_LO = _np.uint32(VALUE_KEY & _M32)
    _NP_VALUE_HI_WORD = _U(VALUE_KEY & ~_M32 & MASK64)
    _VALUE_HI = VALUE_KEY >> 32
    _NP_UNSIGNED = {1: _np.uint8, 2: _np.uint16, 4: _np.uint32, 8: _np.uint64}

    class _Positions:
        """Constants of positions [begin, begin + n): the key b = (i * INDEX_STEP) ^ INDEX_KEY,
        its halves, and for narrow elements (value high half VALUE_KEY >> 32 = C) the low half
        of C * b_lo and the high word of C * b_hi + (C * b_lo >> 32)."""

        def __init__(self, begin, n):
            b = _np.arange(begin, begin + n, dtype=_U)
            b *= _U(INDEX_STEP)
            b ^= _U(INDEX_KEY)
            self.b = b
            self.lo = b & _NP_M32
            self.hi = b >> _NP_32
            hl = self.lo * _U(_VALUE_HI)
            self.hl_lo = hl & _NP_M32
            self.high = self.hi * _U(_VALUE_HI)
            self.high += hl >> _NP_32

        def prefix(self, n):
            p = _Positions.__new__(_Positions)
            p.b, p.lo, p.hi = self.b[:n], self.lo[:n], self.hi[:n]
            p.hl_lo, p.high = self.hl_lo[:n], self.high[:n]
            return p

    _np_positions = [None]
    _np_buffers = [None]

    def _np_positions_for(begin, n):
        if begin != 0:
            return _Positions(begin, n)
        cached = _np_positions[0]
        if cached is None or cached.b.size < n:
            size = min(max(n, 4096 if cached is None else 2 * cached.b.size), NUMPY_CHUNK)
            cached = _Positions(0, size)
            _np_positions[0] = cached
        return cached.prefix(n)

    def _np_work(n):
        bufs = _np_buffers[0]
        if bufs is None or bufs[0].size < n:
            size = min(max(n, 4096 if bufs is None else 2 * bufs[0].size), NUMPY_CHUNK)
            bufs = [_np.empty(size, dtype=_U) for _ in range(5)]
            _np_buffers[0] = bufs
        return [b[:n] for b in bufs]

    def _term_sum_wide(bits, begin):
        """8-byte elements (uint64 array)."""
        n = bits.size
        pos = _np_positions_for(begin, n)
        a, a_lo, low, t0, t1 = _np_work(n)
        _np.bitwise_xor(bits, _NP_VALUE_KEY, out=a)
        _np.multiply(a, pos.b, out=low)          # low word of the product
        _np.bitwise_and(a, _NP_M32, out=a_lo)
        _np.right_shift(a, _NP_32, out=a)        # a_hi
        _np.multiply(a_lo, pos.lo, out=t0)       # ll
        _np.right_shift(t0, _NP_32, out=t0)      # mid = ll >> 32
        _np.multiply(a_lo, pos.hi, out=a_lo)     # lh
        _np.bitwise_and(a_lo, _NP_M32, out=t1)
        t0 += t1                                 # mid += lh & M
        _np.right_shift(a_lo, _NP_32, out=a_lo)  # lh >> 32
        _np.multiply(a, pos.lo, out=t1)          # hl
        _np.multiply(a, pos.hi, out=a)           # hh
        a += a_lo                                # high = hh + (lh >> 32)
        _np.bitwise_and(t1, _NP_M32, out=a_lo)
        t0 += a_lo                               # mid += hl & M
        _np.right_shift(t1, _NP_32, out=t1)
        a += t1                                  # high += hl >> 32
        _np.right_shift(t0, _NP_32, out=t0)
        a += t0                                  # high += mid >> 32
        low ^= a
        return int(low.sum(dtype=_U))

    def _term_sum_narrow(bits32, begin):
        """Elements of 4 bytes or fewer (a uint32 array of their zero-extended bits)."""
        n = bits32.size
        pos = _np_positions_for(begin, n)
        a_lo, low, t0, t1, _ = _np_work(n)
        _np.bitwise_xor(bits32, _NP_VALUE_LO, out=a_lo, casting="unsafe")
        _np.bitwise_or(a_lo, _NP_VALUE_HI_WORD, out=low)
        low *= pos.b                             # low word of the product
        _np.multiply(a_lo, pos.lo, out=t0)       # ll
        _np.right_shift(t0, _NP_32, out=t0)      # mid = ll >> 32
        _np.multiply(a_lo, pos.hi, out=a_lo)     # lh
        _np.bitwise_and(a_lo, _NP_M32, out=t1)
        t0 += t1
        t0 += pos.hl_lo                          # mid += (lh & M) + (hl & M)
        _np.right_shift(a_lo, _NP_32, out=a_lo)
        a_lo += pos.high                         # high = hh + (hl >> 32) + (lh >> 32)
        _np.right_shift(t0, _NP_32, out=t0)
        a_lo += t0                               # high += mid >> 32
        low ^= a_lo
        return int(low.sum(dtype=_U))

    def _digest_numpy(bits, size):
        arr = _TENSOR_NUMPY(bits).view(_NP_UNSIGNED[size]).reshape(-1)
        n = arr.size
        total = 0
        for begin in range(0, n, NUMPY_CHUNK):
            part = arr[begin:begin + NUMPY_CHUNK]
            if size == 8:
                total += _term_sum_wide(part, begin)
            else:
                if size != 4:
                    part = part.astype(_np.uint32)
                total += _term_sum_narrow(part, begin)
        return finalize(total & MASK64, n, size)


def _sparse_parts(t):
    """The dense tensors a sparse tensor is made of (indices and values, as stored), or None."""
    layout = t.layout
    if layout == torch.sparse_coo:
        return [t._indices(), t._values()]
    if layout in (getattr(torch, "sparse_csr", None), getattr(torch, "sparse_bsr", None)):
        return [t.crow_indices(), t.col_indices(), t.values()]
    if layout in (getattr(torch, "sparse_csc", None), getattr(torch, "sparse_bsc", None)):
        return [t.ccol_indices(), t.row_indices(), t.values()]
    return None


def _quantized_parts(t):
    """A quantized tensor's parts: its integers as stored, then its scale and zero point (one
    each, or one per channel); None where the scheme is another."""
    try:
        ints = t.int_repr()
        scheme = t.qscheme()
        if scheme in (torch.per_tensor_affine, torch.per_tensor_symmetric):
            return [ints, torch.tensor([t.q_scale()], dtype=torch.float64),
                    torch.tensor([t.q_zero_point()], dtype=torch.int64)]
        return [ints, t.q_per_channel_scales(), t.q_per_channel_zero_points()]
    except Exception:
        return None


def digest(t, use_numpy=True, use_library=True):
    """detbench's digest of tensor `t`'s elements (an int in [0, 2^64)), or None where it has no
    bits to digest. A sparse tensor's digest is made of its parts' (indices and values, as
    stored), in order; a quantized tensor's of its integers, scale and zero point."""
    if use_library and _library is not None and t.is_cpu and t.layout == torch.strided and \
            t.is_contiguous() and not t.is_quantized and not t.is_complex() and \
            not getattr(t, "is_nested", False):
        # The common case, one call: a dense CPU tensor's own memory is its elements' bits in
        # order (no integer view, no copy: each costs microseconds on a tensor of a few elements).
        size = t.element_size()
        if size in (1, 2, 4, 8):
            n = t.numel()
            return _library(t.data_ptr() if n else None, size, n)
    parts = _sparse_parts(t) if t.layout != torch.strided else None
    if parts is None and t.is_quantized:
        parts = _quantized_parts(t)
        if parts is None:
            return None
    if parts is not None:
        total = FINAL_KEY
        for part in parts:
            d = digest(part, use_numpy, use_library)
            if d is None:
                return None
            total = mum(total ^ d, INDEX_STEP)
        return total
    view = _bits_view(t.detach())
    if view is None:
        return None
    bits, size = view
    if use_library and _library is not None and bits.device.type == "cpu":
        if not bits.is_contiguous() and _library_strided is not None:
            d = _digest_strided(bits, size)
            if d is not None:
                return d
        flat = bits.reshape(-1)
        if not flat.is_contiguous():
            flat = flat.contiguous()
        n = flat.numel()
        return _library(flat.data_ptr() if n else None, size, n)
    if use_numpy and _np is not None and bits.device.type == "cpu":
        return _digest_numpy(bits, size)
    return _digest_torch(bits, size)
