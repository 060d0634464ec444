"""A minimal OpenCL host in Python (ctypes over the ICD loader), for timing kernel variants.

Nsight Compute profiles no OpenCL kernel on the device machine, so a kernel's time is
attributed by experiment instead: variants of one kernel that differ in one respect each,
built and launched on the same inputs and geometry in one process, timed by profiling
events. This module is the host side of such experiments (`kmeans_ablation.py`); it needs
nothing but Python's standard library and `libOpenCL`.
"""
import ctypes
import ctypes.util
import os
import statistics

CL_SUCCESS = 0
CL_DEVICE_TYPE_ALL = 0xFFFFFFFF
CL_DEVICE_TYPE_GPU = 1 << 2
CL_DEVICE_NAME = 0x102B
CL_DEVICE_MAX_COMPUTE_UNITS = 0x1002
CL_DEVICE_TYPE = 0x1000
CL_PLATFORM_NAME = 0x0902
CL_QUEUE_PROFILING_ENABLE = 1 << 1
CL_MEM_READ_WRITE = 1 << 0
CL_PROGRAM_BUILD_LOG = 0x1183
CL_PROGRAM_BINARY_SIZES = 0x1165
CL_PROGRAM_BINARIES = 0x1166
CL_PROFILING_COMMAND_START = 0x1282
CL_PROFILING_COMMAND_END = 0x1283

_lib = ctypes.CDLL(os.environ.get("OPENCL_DYLIB_PATH") or ctypes.util.find_library("OpenCL")
                   or "libOpenCL.so.1")
_p = ctypes.c_void_p
_sz = ctypes.c_size_t


def _sig(name, res, *args):
    f = getattr(_lib, name)
    f.restype = res
    f.argtypes = list(args)
    return f


_GetPlatformIDs = _sig("clGetPlatformIDs", ctypes.c_int32, ctypes.c_uint32, ctypes.POINTER(_p),
                       ctypes.POINTER(ctypes.c_uint32))
_GetPlatformInfo = _sig("clGetPlatformInfo", ctypes.c_int32, _p, ctypes.c_uint32, _sz, _p,
                        ctypes.POINTER(_sz))
_GetDeviceIDs = _sig("clGetDeviceIDs", ctypes.c_int32, _p, ctypes.c_uint64, ctypes.c_uint32,
                     ctypes.POINTER(_p), ctypes.POINTER(ctypes.c_uint32))
_GetDeviceInfo = _sig("clGetDeviceInfo", ctypes.c_int32, _p, ctypes.c_uint32, _sz, _p,
                      ctypes.POINTER(_sz))
_CreateContext = _sig("clCreateContext", _p, _p, ctypes.c_uint32, ctypes.POINTER(_p), _p, _p,
                      ctypes.POINTER(ctypes.c_int32))
_CreateQueue = _sig("clCreateCommandQueue", _p, _p, _p, ctypes.c_uint64,
                    ctypes.POINTER(ctypes.c_int32))
_CreateBuffer = _sig("clCreateBuffer", _p, _p, ctypes.c_uint64, _sz, _p,
                     ctypes.POINTER(ctypes.c_int32))
_CreateProgram = _sig("clCreateProgramWithSource", _p, _p, ctypes.c_uint32,
                      ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(_sz),
                      ctypes.POINTER(ctypes.c_int32))
_BuildProgram = _sig("clBuildProgram", ctypes.c_int32, _p, ctypes.c_uint32, ctypes.POINTER(_p),
                     ctypes.c_char_p, _p, _p)
_GetBuildInfo = _sig("clGetProgramBuildInfo", ctypes.c_int32, _p, _p, ctypes.c_uint32, _sz, _p,
                     ctypes.POINTER(_sz))
_GetProgramInfo = _sig("clGetProgramInfo", ctypes.c_int32, _p, ctypes.c_uint32, _sz, _p,
                        ctypes.POINTER(_sz))
_CreateKernel = _sig("clCreateKernel", _p, _p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int32))
_SetKernelArg = _sig("clSetKernelArg", ctypes.c_int32, _p, ctypes.c_uint32, _sz, _p)
_EnqueueNDRange = _sig("clEnqueueNDRangeKernel", ctypes.c_int32, _p, _p, ctypes.c_uint32,
                       ctypes.POINTER(_sz), ctypes.POINTER(_sz), ctypes.POINTER(_sz),
                       ctypes.c_uint32, _p, ctypes.POINTER(_p))
_EnqueueRead = _sig("clEnqueueReadBuffer", ctypes.c_int32, _p, _p, ctypes.c_uint32, _sz, _sz, _p,
                    ctypes.c_uint32, _p, _p)
_EnqueueWrite = _sig("clEnqueueWriteBuffer", ctypes.c_int32, _p, _p, ctypes.c_uint32, _sz, _sz,
                     _p, ctypes.c_uint32, _p, _p)
_Finish = _sig("clFinish", ctypes.c_int32, _p)
_WaitForEvents = _sig("clWaitForEvents", ctypes.c_int32, ctypes.c_uint32, ctypes.POINTER(_p))
_GetEventProfiling = _sig("clGetEventProfilingInfo", ctypes.c_int32, _p, ctypes.c_uint32, _sz,
                          _p, ctypes.POINTER(_sz))
_ReleaseEvent = _sig("clReleaseEvent", ctypes.c_int32, _p)


class ClError(Exception):
    pass


def _check(code, what):
    if code != CL_SUCCESS:
        raise ClError(f"{what}: OpenCL error {code}")


def _info_str(getter, obj, param):
    size = _sz()
    _check(getter(obj, param, 0, None, ctypes.byref(size)), "info size")
    buf = ctypes.create_string_buffer(size.value)
    _check(getter(obj, param, size.value, buf, None), "info")
    return buf.value.decode(errors="replace")


def _info_u(getter, obj, param, ctype):
    value = ctype()
    _check(getter(obj, param, ctypes.sizeof(value), ctypes.byref(value), None), "info")
    return value.value


class Local:
    """A `__local` kernel argument of `size` bytes."""

    def __init__(self, size):
        self.size = size


class Device:
    """The first device whose platform or device name contains `want` (any device when
    empty), GPUs first; one context and one profiling queue."""

    def __init__(self, want=""):
        count = ctypes.c_uint32()
        _check(_GetPlatformIDs(0, None, ctypes.byref(count)), "clGetPlatformIDs")
        platforms = (_p * count.value)()
        _check(_GetPlatformIDs(count.value, platforms, None), "clGetPlatformIDs")
        found = []
        for platform in platforms:
            pname = _info_str(_GetPlatformInfo, platform, CL_PLATFORM_NAME)
            n = ctypes.c_uint32()
            if _GetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, None, ctypes.byref(n)) != 0:
                continue
            devices = (_p * n.value)()
            _check(_GetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, n.value, devices, None), "devices")
            for d in devices:
                dname = _info_str(_GetDeviceInfo, d, CL_DEVICE_NAME)
                gpu = bool(_info_u(_GetDeviceInfo, d, CL_DEVICE_TYPE, ctypes.c_uint64)
                           & CL_DEVICE_TYPE_GPU)
                if want in pname or want in dname:
                    found.append((not gpu, pname, dname, d))
        if not found:
            raise ClError(f"no OpenCL device matching {want!r}")
        found.sort(key=lambda f: f[0])
        _, self.platform_name, self.name, self.id = found[0]
        self.compute_units = _info_u(_GetDeviceInfo, self.id, CL_DEVICE_MAX_COMPUTE_UNITS,
                                     ctypes.c_uint32)
        err = ctypes.c_int32()
        dev = (_p * 1)(self.id)
        self.ctx = _CreateContext(None, 1, dev, None, None, ctypes.byref(err))
        _check(err.value, "clCreateContext")
        self.queue = _CreateQueue(self.ctx, self.id, CL_QUEUE_PROFILING_ENABLE, ctypes.byref(err))
        _check(err.value, "clCreateCommandQueue")

    def buffer(self, nbytes):
        err = ctypes.c_int32()
        mem = _CreateBuffer(self.ctx, CL_MEM_READ_WRITE, max(nbytes, 1), None, ctypes.byref(err))
        _check(err.value, "clCreateBuffer")
        return Buffer(mem, nbytes)

    def write(self, buf, data):
        raw = bytes(data)
        _check(_EnqueueWrite(self.queue, buf.mem, 1, 0, len(raw), raw, 0, None, None), "write")

    def save_binary(self, stem):
        """Writes the last built program's binary (PTX on NVIDIA) to $OUT/STEM-PLATFORM.bin
        when $OUT is set."""
        if os.environ.get("OUT"):
            tag = "".join(ch for ch in self.platform_name if ch.isalnum())[:12]
            with open(os.path.join(os.environ["OUT"], f"{stem}-{tag}.bin"), "wb") as fh:
                fh.write(self.last_binary)

    def finish(self):
        _check(_Finish(self.queue), "clFinish")

    def read(self, buf):
        out = ctypes.create_string_buffer(buf.nbytes)
        _check(_EnqueueRead(self.queue, buf.mem, 1, 0, buf.nbytes, out, 0, None, None), "read")
        return out.raw

    def kernels(self, source, names, options="-cl-std=CL1.2"):
        """Builds `source` and returns its kernels `names` (dict)."""
        err = ctypes.c_int32()
        src = source.encode()
        strings = (ctypes.c_char_p * 1)(src)
        lengths = (_sz * 1)(len(src))
        program = _CreateProgram(self.ctx, 1, strings, lengths, ctypes.byref(err))
        _check(err.value, "clCreateProgramWithSource")
        dev = (_p * 1)(self.id)
        code = _BuildProgram(program, 1, dev, options.encode(), None, None)
        if code != CL_SUCCESS:
            log = _info_str(lambda o, p, s, v, r: _GetBuildInfo(o, self.id, p, s, v, r),
                            program, CL_PROGRAM_BUILD_LOG)
            raise ClError(f"clBuildProgram: error {code}\n{log}")
        self.last_binary = _binary(program)
        out = {}
        for name in names:
            kernel = _CreateKernel(program, name.encode(), ctypes.byref(err))
            _check(err.value, f"clCreateKernel({name})")
            out[name] = kernel
        return out

    def launch(self, kernel, args, global_size, local_size):
        """Sets `args` (Buffer, Local, or a ctypes scalar) and launches; returns the
        kernel's profiled time in ns (waits for it)."""
        for i, a in enumerate(args):
            if isinstance(a, Buffer):
                h = _p(a.mem)
                code = _SetKernelArg(kernel, i, ctypes.sizeof(h), ctypes.byref(h))
            elif isinstance(a, Local):
                code = _SetKernelArg(kernel, i, a.size, None)
            else:
                code = _SetKernelArg(kernel, i, ctypes.sizeof(a), ctypes.byref(a))
            _check(code, f"clSetKernelArg({i})")
        gs = (_sz * 1)(global_size)
        ls = (_sz * 1)(local_size)
        event = _p()
        _check(_EnqueueNDRange(self.queue, kernel, 1, None, gs, ls, 0, None, ctypes.byref(event)),
               "clEnqueueNDRangeKernel")
        _check(_WaitForEvents(1, ctypes.byref(event)), "clWaitForEvents")
        start, end = ctypes.c_uint64(), ctypes.c_uint64()
        _check(_GetEventProfiling(event, CL_PROFILING_COMMAND_START, 8, ctypes.byref(start), None),
               "profiling start")
        _check(_GetEventProfiling(event, CL_PROFILING_COMMAND_END, 8, ctypes.byref(end), None),
               "profiling end")
        _ReleaseEvent(event)
        return end.value - start.value


def _binary(program):
    """The program's binary for its one device (PTX on NVIDIA), or b"" when unavailable."""
    size = _sz()
    if _GetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, ctypes.sizeof(size), ctypes.byref(size),
                       None) != CL_SUCCESS or size.value == 0:
        return b""
    buf = ctypes.create_string_buffer(size.value)
    ptrs = (ctypes.c_char_p * 1)(ctypes.cast(buf, ctypes.c_char_p))
    if _GetProgramInfo(program, CL_PROGRAM_BINARIES, ctypes.sizeof(ptrs), ptrs, None) != 0:
        return b""
    return buf.raw


class Buffer:
    def __init__(self, mem, nbytes):
        self.mem = mem
        self.nbytes = nbytes


def median_ns(times):
    return statistics.median(times)
