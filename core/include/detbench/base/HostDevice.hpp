#pragma once
// DETBENCH_HD marks a function that compiles for the GPU too (kernels/cuda) as well as the
// host, so the CPU and the GPU run one definition of it.

#ifdef __CUDACC__
#define DETBENCH_HD __host__ __device__
#else
#define DETBENCH_HD
#endif
