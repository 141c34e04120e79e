<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>FileWriter</name>
        <message>
            <source>Nothing was written. %1</source>
            <translation>没有写入任何文件。%1</translation>
        </message>
    </context>
    <context>
        <name>InvarianceExporter</name>
        <message>
            <source>detbench invariance report</source>
            <translation>detbench 不变性报告</translation>
        </message>
        <message>
            <source>Measured</source>
            <translation>测得</translation>
        </message>
        <message>
            <source>axis</source>
            <translation>维度</translation>
        </message>
        <message>
            <source>configuration</source>
            <translation>配置</translation>
        </message>
        <message>
            <source>run to run</source>
            <translation>多次运行</translation>
        </message>
        <message>
            <source>median time</source>
            <translation>时间中位数</translation>
        </message>
        <message>
            <source>per row</source>
            <translation>每行</translation>
        </message>
        <message>
            <source>against the first</source>
            <translation>与第一个相比</translation>
        </message>
        <message>
            <source>row 0 against the row alone</source>
            <translation>第 0 行与单独计算相比</translation>
        </message>
        <message>
            <source>identical</source>
            <translation>完全相同</translation>
        </message>
        <message>
            <source>%1 elements differ, max %2 ULP</source>
            <translation>%1 个元素不同，最大 %2 ULP</translation>
        </message>
        <message>
            <source>repeats</source>
            <translation>可复现</translation>
        </message>
        <message>
            <source>%1 outputs in %2</source>
            <translation>%2 次中 %1 个输出</translation>
        </message>
        <message>
            <source>(reference)</source>
            <translation>（基准）</translation>
        </message>
        <message>
            <source>detbench</source>
            <translation>detbench</translation>
        </message>
    </context>
    <context>
        <name>OpCatalog</name>
        <message>
            <source>out[index[i], :] += source[i, :] along dim 0, rows of D columns</source>
            <translation>沿第 0 维执行 out[index[i], :] += source[i, :]，每行 D 列</translation>
        </message>
        <message>
            <source>out[index[i]] += src[i] (1-D), or along dim 0 or 1 of a 2-D tensor</source>
            <translation>out[index[i]] += src[i]（一维），或沿二维张量的第 0 或第 1 维</translation>
        </message>
        <message>
            <source>counts of each value, without weights</source>
            <translation>统计每个值出现的次数，不带权重</translation>
        </message>
        <message>
            <source>integer atomics: the order of the adds varies but integer addition is exact</source>
            <translation>整数原子操作：加法顺序会变，但整数加法是精确的</translation>
        </message>
        <message>
            <source>sum of float weights per value</source>
            <translation>按值累加浮点权重</translation>
        </message>
        <message>
            <source>PyTorch has no deterministic form with weights; detbench's extension reduces each bin in index order</source>
            <translation>带权重时 PyTorch 没有确定性实现；detbench 的扩展按索引顺序归约每个桶</translation>
        </message>
        <message>
            <source>gradient of the embedding table: each bag's gradient added to its rows</source>
            <translation>嵌入表的梯度：每个 bag 的梯度累加到其对应的行</translation>
        </message>
        <message>
            <source>PyTorch's CUDA kernel sorts the indices (deterministic) for sum and mean; the atomic form is a contrast, not PyTorch's default</source>
            <translation>PyTorch 的 CUDA 内核在 sum 和 mean 模式下对索引排序（确定性）；原子形式仅作对照，并非 PyTorch 的默认实现</translation>
        </message>
        <message>
            <source>sum of all elements to a scalar</source>
            <translation>将所有元素求和为一个标量</translation>
        </message>
        <message>
            <source>PyTorch reduces in a fixed tree (deterministic); the atomic-partials form is a contrast, not PyTorch's default</source>
            <translation>PyTorch 按固定的树形顺序归约（确定性）；原子部分和形式仅作对照，并非 PyTorch 的默认实现</translation>
        </message>
        <message>
            <source>gradient routed to each window's argmax; windows overlap</source>
            <translation>梯度传回每个窗口的最大值位置；窗口相互重叠</translation>
        </message>
        <message>
            <source>PyTorch's CUDA kernel gathers per input element (deterministic); the atomic scatter form is a contrast, not PyTorch's default</source>
            <translation>PyTorch 的 CUDA 内核按输入元素收集（确定性）；原子散射形式仅作对照，并非 PyTorch 的默认实现</translation>
        </message>
        <message>
            <source>each output gradient spread over its four source pixels</source>
            <translation>每个输出梯度分摊到其四个源像素</translation>
        </message>
        <message>
            <source>PyTorch has no deterministic form; detbench's extension reduces each plane in a fixed order</source>
            <translation>PyTorch 没有确定性实现；detbench 的扩展按固定顺序归约每个平面</translation>
        </message>
        <message>
            <source>each output gradient spread evenly over its (overlapping) window</source>
            <translation>每个输出梯度平均分摊到其（重叠的）窗口</translation>
        </message>
        <message>
            <source>each output gradient spread over its adaptive (overlapping) window</source>
            <translation>每个输出梯度分摊到其自适应（重叠的）窗口</translation>
        </message>
        <message>
            <source>counts of float values in equal-width bins</source>
            <translation>统计浮点值落入各等宽区间的个数</translation>
        </message>
        <message>
            <source>PyTorch adds 1.0 per value with float atomics and raises in error mode; adding 1.0 is exact below 2^24 per bin, so the counts agree run to run in practice. detbench's extension counts each bin in index order</source>
            <translation>PyTorch 对每个值用浮点原子操作加 1.0，并在错误模式下报错；每个区间的计数低于 2^24 时加 1.0 是精确的，因此实际上每次运行的计数都相同。detbench 的扩展按索引顺序统计每个区间</translation>
        </message>
        <message>
            <source>running sum of a float vector</source>
            <translation>浮点向量的累加和（前缀和）</translation>
        </message>
        <message>
            <source>float32 matrix product through cuBLAS, optionally on several streams at once</source>
            <translation>通过 cuBLAS 计算 float32 矩阵乘积，可同时在多个流上运行</translation>
        </message>
        <message>
            <source>2-D convolution through cuDNN (NCHW, float32)</source>
            <translation>通过 cuDNN 计算的二维卷积（NCHW，float32）</translation>
        </message>
        <message>
            <source>every cuDNN forward algorithm is deterministic, but cudnn.benchmark picks one by timing, so another run may pick another and get other bits; the atomic form is a detbench contrast on cpu-threads only</source>
            <translation>cuDNN 的前向算法都是确定性的，但 cudnn.benchmark 按计时选择算法，另一次运行可能选中另一个算法而得到不同的位；原子形式是 detbench 仅在 cpu-threads 上提供的对照</translation>
        </message>
        <message>
            <source>gradient of a 2-D convolution's input through cuDNN</source>
            <translation>通过 cuDNN 计算二维卷积对输入的梯度</translation>
        </message>
        <message>
            <source>cuDNN may choose an algorithm that adds with atomics (BWD_DATA_ALGO_0); cudnn.deterministic or deterministic mode keeps only deterministic algorithms</source>
            <translation>cuDNN 可能选择用原子加法累加的算法（BWD_DATA_ALGO_0）；cudnn.deterministic 或确定性模式只保留确定性算法</translation>
        </message>
        <message>
            <source>gradient of a 2-D convolution's weight through cuDNN</source>
            <translation>通过 cuDNN 计算二维卷积对权重的梯度</translation>
        </message>
        <message>
            <source>cuDNN may choose an algorithm that adds with atomics (BWD_FILTER_ALGO_0 or 3); cudnn.deterministic or deterministic mode keeps only deterministic algorithms</source>
            <translation>cuDNN 可能选择用原子加法累加的算法（BWD_FILTER_ALGO_0 或 3）；cudnn.deterministic 或确定性模式只保留确定性算法</translation>
        </message>
        <message>
            <source>uniform random numbers in [0, 1)</source>
            <translation>[0, 1) 上均匀分布的随机数</translation>
        </message>
        <message>
            <source>standard normal random numbers</source>
            <translation>标准正态分布的随机数</translation>
        </message>
        <message>
            <source>zero each element with probability p, scale the rest by 1 / (1 - p)</source>
            <translation>以概率 p 将每个元素置零，其余元素乘以 1 / (1 - p)</translation>
        </message>
        <message>
            <source>PyTorch's CPU generator (Mersenne Twister), reproduced bit for bit: the same seed gives the same numbers; without a seed each trial (a fresh process) gets other numbers</source>
            <translation>PyTorch 的 CPU 生成器（梅森旋转算法），逐位复现：相同的种子给出相同的数；不设种子时，每次试验（相当于一个新进程）得到不同的数</translation>
        </message>
        <message>
            <source>a counter-based Philox generator, as on CUDA: the same seed gives the same numbers, but other numbers than the CPU generator gives for that seed; without a seed each trial gets other numbers</source>
            <translation>与 CUDA 上一样的基于计数器的 Philox 生成器：相同的种子给出相同的数，但与 CPU 生成器对同一种子给出的数不同；不设种子时，每次试验得到不同的数</translation>
        </message>
        <message>
            <source>deterministic mode routes index_add_ on CUDA to index_put_ with accumulate=True, which sorts the indices and reduces each run in index order; PyTorch never raises for it</source>
            <translation>确定性模式下，CUDA 上的 index_add_ 改走 accumulate=True 的 index_put_：先对索引排序，再按索引顺序归约每一段；PyTorch 从不为它报错</translation>
        </message>
        <message>
            <source>deterministic mode routes scatter_add_ on CUDA through index_put_ with accumulate=True (sort, then reduce each run in index order); PyTorch never raises for it</source>
            <translation>确定性模式下，CUDA 上的 scatter_add_ 改走 accumulate=True 的 index_put_（先排序，再按索引顺序归约每一段）；PyTorch 从不为它报错</translation>
        </message>
        <message>
            <source>the default backward adds with float atomics; in deterministic mode F.interpolate on CUDA takes a decomposition whose backward is index_put_ with accumulate (deterministic). Calling the ATen op directly still raises upsample_bilinear2d_backward_out_cuda</source>
            <translation>默认的反向传播用浮点原子加法累加；确定性模式下，CUDA 上的 F.interpolate 改用一种分解实现，其反向传播是带 accumulate 的 index_put_（确定性的）。直接调用 ATen 算子仍会报 upsample_bilinear2d_backward_out_cuda</translation>
        </message>
        <message>
            <source>the single-pass scan takes each tile's prefix from whichever predecessors have published theirs (decoupled look-back), so the additions can associate differently run to run. ATen has not alerted for cumsum since 2.6, although the docstring of this release still lists torch.cumsum on CUDA as raising; detbench follows the code and runs its ordered scan in deterministic mode</source>
            <translation>单遍扫描从已发布前缀的前驱块中取得每个块的前缀（解耦回看），所以加法的结合方式每次运行都可能不同。ATen 从 2.6 起不再为 cumsum 发出警报，但这个版本的文档字符串仍把 CUDA 上的 torch.cumsum 列为会报错；detbench 以代码为准，在确定性模式下运行其按序扫描</translation>
        </message>
        <message>
            <source>one cuBLAS GEMM gives the same bits run to run on one stream; several streams sharing a handle and its workspace may not. Deterministic mode needs CUBLAS_WORKSPACE_CONFIG=:4096:8 or :16:8. The atomic form is a split-K contrast, not PyTorch's default</source>
            <translation>单个流上的一次 cuBLAS GEMM 每次运行结果逐位相同；共享同一句柄及其工作区的多个流则未必。确定性模式需要 CUBLAS_WORKSPACE_CONFIG=:4096:8 或 :16:8。原子形式是 split-K 对照，不是 PyTorch 的默认实现</translation>
        </message>
        <message>
            <source>one cuBLAS GEMM gives the same bits run to run on one stream; several streams sharing a handle and its workspace may not. From 2.10 deterministic mode no longer checks CUBLAS_WORKSPACE_CONFIG. The atomic form is a split-K contrast, not PyTorch's default</source>
            <translation>单个流上的一次 cuBLAS GEMM 每次运行结果逐位相同；共享同一句柄及其工作区的多个流则未必。从 2.10 起确定性模式不再检查 CUBLAS_WORKSPACE_CONFIG。原子形式是 split-K 对照，不是 PyTorch 的默认实现</translation>
        </message>
        <message>
            <source>the single-pass scan takes each tile's prefix from whichever predecessors have published theirs (decoupled look-back), so the additions can associate differently run to run; the docstring now lists cumsum among the ops that act deterministically</source>
            <translation>单遍扫描从已发布前缀的前驱块中取得每个块的前缀（解耦回看），所以加法的结合方式每次运行都可能不同；文档字符串现在把 cumsum 列入确定性模式下行为确定的算子</translation>
        </message>
        <message>
            <source>out[index[i]] += src[i] over a 1-D tensor, self included</source>
            <translation>在一维张量上执行 out[index[i]] += src[i]，包含 self</translation>
        </message>
        <message>
            <source>the CUDA kernel adds with float atomics; deterministic mode sends scatter_reduce sum through index_put_ with accumulate=True (sort, then reduce each run in index order)</source>
            <translation>CUDA 内核用浮点原子加法累加；确定性模式下，scatter_reduce 的 sum 改走 accumulate=True 的 index_put_（先排序，再按索引顺序归约每一段）</translation>
        </message>
        <message>
            <source>the mean of self and the src values scattered to each element (1-D)</source>
            <translation>self 与分散到每个元素的 src 值的平均值（一维）</translation>
        </message>
        <message>
            <source>the sums are added with float atomics, then divided by each element's count (self included); deterministic mode sends the sums through index_put_ with accumulate=True</source>
            <translation>先用浮点原子加法求和，再除以每个元素的个数（包含 self）；确定性模式下，求和改走 accumulate=True 的 index_put_</translation>
        </message>
        <message>
            <source>the largest of self and the src values scattered to each element (1-D)</source>
            <translation>self 与分散到每个元素的 src 值中的最大值（一维）</translation>
        </message>
        <message>
            <source>the product of self and the src values scattered to each element (1-D)</source>
            <translation>self 与分散到每个元素的 src 值的乘积（一维）</translation>
        </message>
        <message>
            <source>the CUDA kernel multiplies with atomic compare-and-swap loops, so the products round in the order the threads run; PyTorch has no deterministic form, detbench's extension multiplies in index order</source>
            <translation>CUDA 内核用原子比较并交换循环做乘法，所以乘积按线程实际执行的顺序舍入；PyTorch 没有确定性形式，detbench 的扩展按索引顺序相乘</translation>
        </message>
        <message>
            <source>each output gradient spread over its eight source voxels</source>
            <translation>每个输出梯度分摊到它的八个源体素上</translation>
        </message>
        <message>
            <source>the backward adds with float atomics and PyTorch has no deterministic form; detbench's extension gathers each input voxel's contributions in output order</source>
            <translation>反向传播用浮点原子加法累加，PyTorch 没有确定性形式；detbench 的扩展按输出顺序收集每个输入体素的贡献</translation>
        </message>
        <message>
            <source>the default backward adds with float atomics; in deterministic mode F.interpolate on CUDA takes the same decomposition as for bilinear, whose backward is index_put_ with accumulate. Calling the ATen op directly still raises upsample_trilinear3d_backward_out_cuda</source>
            <translation>默认的反向传播用浮点原子加法累加；确定性模式下，CUDA 上的 F.interpolate 采用与 bilinear 相同的分解实现，其反向传播是带 accumulate 的 index_put_。直接调用 ATen 算子仍会报 upsample_trilinear3d_backward_out_cuda</translation>
        </message>
        <message>
            <source>each padded gradient added into the edge element it was copied from</source>
            <translation>每个填充位置的梯度加回它所复制自的边缘元素</translation>
        </message>
        <message>
            <source>each output gradient spread over its two source positions</source>
            <translation>每个输出梯度分摊到它的两个源位置上</translation>
        </message>
        <message>
            <source>the backward adds with float atomics and F.interpolate has no deterministic path for mode='linear'; detbench's extension gathers each input position's contributions in output order</source>
            <translation>反向传播用浮点原子加法累加，而 F.interpolate 对 mode='linear' 没有确定性路径；detbench 的扩展按输出顺序收集每个输入位置的贡献</translation>
        </message>
        <message>
            <source>an atomic maximum gives the same result in any order (for inputs without signed zeros or NaN, whose ties keep whichever came first), yet PyTorch's kernel raises in error mode as it does for every reduction; detbench's extension reduces each element in index order</source>
            <translation>原子取最大值无论顺序如何结果都相同（输入中没有带符号的零或 NaN 时；有时平局保留先到的值），但 PyTorch 的内核在报错模式下仍会报错，对每种归约都是如此；detbench 的扩展按索引顺序归约每个元素</translation>
        </message>
        <message>
            <source>the CUDA backward adds each padded gradient into its edge element with float atomics; in deterministic mode F.pad(mode='replicate') on CUDA takes a decomposition whose backward is index_put_ with accumulate. Calling the ATen op directly still raises replication_pad2d_backward_out_cuda</source>
            <translation>CUDA 反向传播用浮点原子加法把每个填充位置的梯度加到其边缘元素上；确定性模式下，CUDA 上的 F.pad(mode='replicate') 改用一种分解实现，其反向传播是带 accumulate 的 index_put_。直接调用 ATen 算子仍会报 replication_pad2d_backward_out_cuda</translation>
        </message>
        <message>
            <source>batched product of sparse COO matrices and dense matrices</source>
            <translation>稀疏 COO 矩阵与稠密矩阵的批量乘积</translation>
        </message>
        <message>
            <source>PyTorch calls cuSPARSE's SpMM with CUSPARSE_COOMM_ALG1, and with CUSPARSE_COOMM_ALG2, which cuSPARSE documents as bitwise deterministic, in deterministic mode. detbench's own kernels stand in for the two: float atomic adds per nonzero, and one ordered pass per output row</source>
            <translation>PyTorch 调用 cuSPARSE 的 SpMM 时使用 CUSPARSE_COOMM_ALG1，确定性模式下改用 CUSPARSE_COOMM_ALG2（cuSPARSE 文档称其结果逐位确定）。detbench 用自己的内核代替这两者：对每个非零元做浮点原子加法，以及对每个输出行按顺序处理一遍</translation>
        </message>
        <message>
            <source>each padded gradient added into the input element its position mirrors</source>
            <translation>每个填充位置的梯度加到其位置所镜像的输入元素上</translation>
        </message>
        <message>
            <source>the CUDA backward adds each mirrored gradient into its source element with float atomics; PyTorch has no deterministic form (F.pad's deterministic decomposition covers replicate only). detbench's extension gathers each input element's terms in output order</source>
            <translation>CUDA 反向传播用浮点原子加法把每个镜像位置的梯度加到其源元素上；PyTorch 没有确定性实现（F.pad 的确定性分解只覆盖 replicate）。detbench 的扩展按输出顺序为每个输入元素收集其各项</translation>
        </message>
        <message>
            <source>each output gradient spread over its 4 x 4 source pixels with cubic weights, edge taps clamped</source>
            <translation>每个输出梯度按三次卷积权重分散到其 4 x 4 个源像素上，越过边缘的抽头夹到边缘像素</translation>
        </message>
        <message>
            <source>the backward adds each output gradient into 16 source pixels with float atomics, and F.interpolate has no deterministic decomposition for bicubic (it has one for linear, bilinear and trilinear); detbench's extension gathers each input pixel's terms in PyTorch's CPU order</source>
            <translation>反向传播用浮点原子加法把每个输出梯度加到 16 个源像素上，而 F.interpolate 没有针对 bicubic 的确定性分解（linear、bilinear 和 trilinear 有）；detbench 的扩展按 PyTorch 在 CPU 上的顺序为每个输入像素收集其各项</translation>
        </message>
        <message>
            <source>number of indices (source rows)</source>
            <translation>索引个数（source 的行数）</translation>
        </message>
        <message>
            <source>columns D of each row</source>
            <translation>每行的列数 D</translation>
        </message>
        <message>
            <source>rows of the output (fewer rows: more contention)</source>
            <translation>输出的行数（行越少，争用越多）</translation>
        </message>
        <message>
            <source>src length (1-D) or src rows (2-D)</source>
            <translation>src 的长度（一维）或 src 的行数（二维）</translation>
        </message>
        <message>
            <source>1 or 2</source>
            <translation>1 或 2</translation>
        </message>
        <message>
            <source>the dimension scattered along (0, or 1 for 2-D)</source>
            <translation>沿哪一维散布（0；二维时也可为 1）</translation>
        </message>
        <message>
            <source>src columns (2-D only)</source>
            <translation>src 的列数（仅二维）</translation>
        </message>
        <message>
            <source>length of the scattered output dimension (smaller: more contention)</source>
            <translation>输出中被散布那一维的长度（越小，争用越多）</translation>
        </message>
        <message>
            <source>src length</source>
            <translation>src 的长度</translation>
        </message>
        <message>
            <source>length of self (smaller: more contention)</source>
            <translation>self 的长度（越小，争用越多）</translation>
        </message>
        <message>
            <source>number of values</source>
            <translation>值的个数</translation>
        </message>
        <message>
            <source>number of bins (fewer bins: more contention)</source>
            <translation>桶的个数（桶越少，争用越多）</translation>
        </message>
        <message>
            <source>number of indices (a multiple of bag_size)</source>
            <translation>索引个数（bag_size 的倍数）</translation>
        </message>
        <message>
            <source>indices per bag</source>
            <translation>每个袋中的索引数</translation>
        </message>
        <message>
            <source>rows of the embedding table (fewer: more contention)</source>
            <translation>嵌入表的行数（越少，争用越多）</translation>
        </message>
        <message>
            <source>embedding dimension</source>
            <translation>嵌入维度</translation>
        </message>
        <message>
            <source>0 sum, 1 mean</source>
            <translation>0 求和，1 求平均</translation>
        </message>
        <message>
            <source>number of elements</source>
            <translation>元素个数</translation>
        </message>
        <message>
            <source>N</source>
            <translation>N</translation>
        </message>
        <message>
            <source>C</source>
            <translation>C</translation>
        </message>
        <message>
            <source>H</source>
            <translation>H</translation>
        </message>
        <message>
            <source>W</source>
            <translation>W</translation>
        </message>
        <message>
            <source>window size</source>
            <translation>窗口大小</translation>
        </message>
        <message>
            <source>stride (below kernel: overlap)</source>
            <translation>步长（小于窗口时重叠）</translation>
        </message>
        <message>
            <source>1: cudnnPoolingBackward (CUDNN_POOLING_MAX, or _MAX_DETERMINISTIC in the deterministic form) instead of PyTorch's kernel (cuda only)</source>
            <translation>1：用 cudnnPoolingBackward（CUDNN_POOLING_MAX，确定性形式中为 _MAX_DETERMINISTIC）代替 PyTorch 的内核（仅 cuda）</translation>
        </message>
        <message>
            <source>input length</source>
            <translation>输入长度</translation>
        </message>
        <message>
            <source>integer scale factor</source>
            <translation>整数缩放倍数</translation>
        </message>
        <message>
            <source>input H</source>
            <translation>输入的 H</translation>
        </message>
        <message>
            <source>input W</source>
            <translation>输入的 W</translation>
        </message>
        <message>
            <source>input D</source>
            <translation>输入的 D</translation>
        </message>
        <message>
            <source>D</source>
            <translation>D</translation>
        </message>
        <message>
            <source>zero padding (at most kernel / 2)</source>
            <translation>零填充（至多为窗口的一半）</translation>
        </message>
        <message>
            <source>output H (not a divisor of H: overlap)</source>
            <translation>输出的 H（不整除 H 时重叠）</translation>
        </message>
        <message>
            <source>output W</source>
            <translation>输出的 W</translation>
        </message>
        <message>
            <source>padding on each side (larger: more terms at the edges)</source>
            <translation>每边的填充（越大，边缘的项越多）</translation>
        </message>
        <message>
            <source>number of bins over [-1, 1] (fewer bins: more contention)</source>
            <translation>[-1, 1] 上的桶数（桶越少，争用越多）</translation>
        </message>
        <message>
            <source>rows of a (m), and columns of b unless n is given</source>
            <translation>a 的行数（m），未给出 n 时也是 b 的列数</translation>
        </message>
        <message>
            <source>columns of b (0: the same as size)</source>
            <translation>b 的列数（0：与 size 相同）</translation>
        </message>
        <message>
            <source>columns of a and rows of b (0: the same as size)</source>
            <translation>a 的列数和 b 的行数（0：与 size 相同）</translation>
        </message>
        <message>
            <source>concurrent products on streams sharing one cuBLAS handle</source>
            <translation>在共用一个 cuBLAS 句柄的多个流上同时计算的乘积个数</translation>
        </message>
        <message>
            <source>1: allow TF32 tensor cores in cuBLAS (cuda only)</source>
            <translation>1：允许 cuBLAS 使用 TF32 张量核心（仅 cuda）</translation>
        </message>
        <message>
            <source>1: all streams share one cuBLAS workspace (cuda only)</source>
            <translation>1：所有流共用一个 cuBLAS 工作空间（仅 cuda）</translation>
        </message>
        <message>
            <source>nonzeros of the sparse matrices in all</source>
            <translation>稀疏矩阵的非零元总数</translation>
        </message>
        <message>
            <source>matrices in the batch B</source>
            <translation>批中的矩阵个数 B</translation>
        </message>
        <message>
            <source>rows M of each sparse matrix (fewer: more nonzeros per output row)</source>
            <translation>每个稀疏矩阵的行数 M（越少，每个输出行的非零元越多）</translation>
        </message>
        <message>
            <source>columns K of the sparse matrices, rows of the dense ones</source>
            <translation>稀疏矩阵的列数 K，即稠密矩阵的行数</translation>
        </message>
        <message>
            <source>columns N of the dense matrices</source>
            <translation>稠密矩阵的列数 N</translation>
        </message>
        <message>
            <source>images in the batch (N)</source>
            <translation>批中的图像数（N）</translation>
        </message>
        <message>
            <source>input channels (C)</source>
            <translation>输入通道数（C）</translation>
        </message>
        <message>
            <source>output channels (K)</source>
            <translation>输出通道数（K）</translation>
        </message>
        <message>
            <source>input height (H)</source>
            <translation>输入高度（H）</translation>
        </message>
        <message>
            <source>input width (W)</source>
            <translation>输入宽度（W）</translation>
        </message>
        <message>
            <source>filter height and width (R = S)</source>
            <translation>卷积核的高和宽（R = S）</translation>
        </message>
        <message>
            <source>stride</source>
            <translation>步长</translation>
        </message>
        <message>
            <source>zero padding on each side</source>
            <translation>每边的零填充</translation>
        </message>
        <message>
            <source>1: let cuDNN use TF32 (PyTorch's default for cudnn.allow_tf32; cuda only)</source>
            <translation>1：允许 cuDNN 使用 TF32（PyTorch 中 cudnn.allow_tf32 的默认值；仅 cuda）</translation>
        </message>
        <message>
            <source>1: with cudnn.benchmark, time the algorithms again before every trial (cuda only)</source>
            <translation>1：开启 cudnn.benchmark 时，每次试验前重新为各算法计时（仅 cuda）</translation>
        </message>
        <message>
            <source>probability of zeroing an element, in percent</source>
            <translation>把元素置零的概率（百分比）</translation>
        </message>
        <message>
            <source>each output gradient spread over the four input pixels around the point its grid entry names</source>
            <translation>每个输出梯度分散到其网格项所指位置周围的四个输入像素上</translation>
        </message>
        <message>
            <source>one thread per grid point adds its gradient into the four pixels around the point with float atomics, and where the points land is data, so any number can share a pixel; PyTorch has no deterministic form. detbench's extension indexes the points by cell and gathers each pixel's terms in PyTorch's CPU order</source>
            <translation>每个网格点由一个线程用浮点原子加法把梯度加到该点周围的四个像素上，而点落在哪里由数据决定，任意多个点都可能共用一个像素；PyTorch 没有确定性实现。detbench 的扩展按单元格为各点建立索引，并按 PyTorch 在 CPU 上的顺序为每个像素收集其各项</translation>
        </message>
        <message>
            <source>output H (grid rows)</source>
            <translation>输出 H（网格行数）</translation>
        </message>
        <message>
            <source>output W (grid columns)</source>
            <translation>输出 W（网格列数）</translation>
        </message>
        <message>
            <source>the grid covers 1/zoom of the input across (larger: more points per input pixel, more contention)</source>
            <translation>网格在每个方向上覆盖输入的 1/zoom（越大：每个输入像素对应的点越多，争用越多）</translation>
        </message>
        <message>
            <source>the negative log-likelihood of every pixel's target class, weighted, summed to one loss</source>
            <translation>每个像素的目标类别的负对数似然，加权后求和为一个损失值</translation>
        </message>
        <message>
            <source>with reduction 'mean' or 'sum', each thread block adds its partial loss and weight into the result with atomicAdd (reduction 'none' is deterministic); PyTorch has no deterministic form. detbench's extension cuts PyTorch's CPU cascade sum into blocks summed in parallel and replays the levels above them in order</source>
            <translation>在 reduction 为 'mean' 或 'sum' 时，每个线程块用 atomicAdd 把其部分损失和部分权重加到结果上（reduction 为 'none' 时是确定的）；PyTorch 没有确定性实现。detbench 的扩展把 PyTorch 在 CPU 上的级联求和切成若干块并行求和，再按顺序重放其上各层</translation>
        </message>
        <message>
            <source>C (a segmentation's classes)</source>
            <translation>C（分割的类别数）</translation>
        </message>
        <message>
            <source>1: class weights (weight=), 0: none</source>
            <translation>1：类别权重（weight=），0：无</translation>
        </message>
        <message>
            <source>0: mean, 1: sum</source>
            <translation>0：平均（mean），1：求和（sum）</translation>
        </message>
        <message>
            <source>self[indices[i], :] += values[i, :]: index_add's sum, PyTorch's other treatment</source>
            <translation>self[indices[i], :] += values[i, :]：与 index_add 相同的求和，PyTorch 的处理却不同</translation>
        </message>
        <message>
            <source>with 2 or more threads and at least 32768 elements, PyTorch's CPU kernel adds float values in parallel with atomic adds (nondeterministic); deterministic mode runs it serially in index order. detbench's cpu device runs that serial order, and cpu-threads' atomic form the parallel one</source>
            <translation>在 2 个或更多线程且至少 32768 个元素时，PyTorch 的 CPU 内核用原子加法并行地累加浮点值（非确定性）；确定性模式下它按索引顺序串行运行。detbench 的 cpu 设备运行这一串行顺序，cpu-threads 的原子形式运行并行的那一种</translation>
        </message>
        <message>
            <source>on CUDA, index_put_ with accumulate=True always takes the sort-based index_put_with_sort (deterministic: each row's values in index order); the atomic form is a contrast here, and the kernel PyTorch's CPU build runs with several threads</source>
            <translation>在 CUDA 上，accumulate=True 的 index_put_ 总是走基于排序的 index_put_with_sort（确定性：每行的值按索引顺序相加）；这里的原子形式是对照形式，也正是 PyTorch 的 CPU 版本在多线程时运行的内核</translation>
        </message>
        <message>
            <source>on CUDA, put_ with accumulate=True adds with atomics and raises in deterministic mode (PyTorch has no deterministic form there, while its CPU kernel goes serial); detbench's extension sorts the contributions by element and adds each element's in index order</source>
            <translation>在 CUDA 上，accumulate=True 的 put_ 用原子加法累加，并在确定性模式下报错（PyTorch 在那里没有确定性实现，而它的 CPU 内核会改为串行）；detbench 的扩展按元素对各项排序，并按索引顺序累加每个元素的项</translation>
        </message>
        <message>
            <source>number of indices (source elements)</source>
            <translation>索引的个数（source 的元素数）</translation>
        </message>
        <message>
            <source>rows of self</source>
            <translation>self 的行数</translation>
        </message>
        <message>
            <source>columns of self (fewer elements in all: more contention)</source>
            <translation>self 的列数（元素总数越少，争用越多）</translation>
        </message>
        <message>
            <source>each source value added into the element of the flattened self that its index names</source>
            <translation>每个 source 值加到展平后的 self 中其索引所指的元素上</translation>
        </message>
        <message>
            <source>1: every row of a in one order whatever the batch (no split-K for small batches)</source>
            <translation>1：无论批大小，a 的每一行都按同一顺序计算（小批次也不做 split-K）</translation>
        </message>
        <message>
            <source>each row scaled by the inverse root mean square of its elements, times a weight per column</source>
            <translation>每一行乘以其元素均方根的倒数，再逐列乘以权重</translation>
        </message>
        <message>
            <source>PyTorch reduces each row deterministically, but how it splits a row depends on the shape: the bits repeat run to run, not across batch sizes. The atomic-partials form is a contrast, not PyTorch's default</source>
            <translation>PyTorch 对每一行的归约是确定性的，但如何拆分一行取决于形状：结果的比特在多次运行之间可以复现，跨批大小则不能。原子累加部分和的形式只是对照，不是 PyTorch 的默认实现</translation>
        </message>
        <message>
            <source>rows (the batch: tokens)</source>
            <translation>行数（批：token 数）</translation>
        </message>
        <message>
            <source>columns of a row (the hidden size)</source>
            <translation>每行的列数（隐藏层大小）</translation>
        </message>
        <message>
            <source>1: every row reduced in one order whatever the batch (no split rows for small batches)</source>
            <translation>1：无论批大小，每一行都按同一顺序归约（小批次也不拆分行）</translation>
        </message>
        <message>
            <source>each row's exponentials over their sum (or its logarithm): the probabilities of a row of logits</source>
            <translation>每一行的指数除以它们的和（或取对数）：一行 logits 对应的概率</translation>
        </message>
        <message>
            <source>PyTorch's softmax kernels are deterministic run to run; which one runs (and how a row is split) depends on the shape, so the bits of a row may change with the batch. The atomic-partials form is a contrast, not PyTorch's default</source>
            <translation>PyTorch 的 softmax 内核在多次运行之间是确定性的；但运行哪个内核（以及如何拆分一行）取决于形状，所以一行的比特可能随批大小而变。原子累加部分和的形式只是对照，不是 PyTorch 的默认实现</translation>
        </message>
        <message>
            <source>rows (the batch)</source>
            <translation>行数（批）</translation>
        </message>
        <message>
            <source>columns of a row (the vocabulary: logits)</source>
            <translation>每行的列数（词表大小：logits）</translation>
        </message>
        <message>
            <source>1: log_softmax</source>
            <translation>1：log_softmax</translation>
        </message>
        <message>
            <source>each sequence's query attends to its cached keys and values, head by head</source>
            <translation>每个序列的查询逐个注意力头关注其缓存的键和值</translation>
        </message>
        <message>
            <source>split-KV decoding kernels (FlashAttention's, FlashInfer's) merge their splits in a fixed order: the bits repeat run to run, but the number of splits follows the batch size. The atomic form is a contrast</source>
            <translation>split-KV 解码内核（FlashAttention、FlashInfer 的）按固定顺序合并各分段：比特在多次运行之间可复现，但分段数随批大小而变。原子形式只是对照</translation>
        </message>
        <message>
            <source>sequences (the batch), one query each</source>
            <translation>序列数（批），每个一个查询</translation>
        </message>
        <message>
            <source>attention heads</source>
            <translation>注意力头数</translation>
        </message>
        <message>
            <source>dimensions per head</source>
            <translation>每个头的维度</translation>
        </message>
        <message>
            <source>keys and values in each sequence's cache</source>
            <translation>每个序列缓存中的键和值的数量</translation>
        </message>
        <message>
            <source>1: split the cache by a fixed size (256 keys) whatever the batch, not by a count that fills the device</source>
            <translation>1：无论批大小，都按固定大小（256 个键）拆分缓存，而不是按填满设备的数量拆分</translation>
        </message>
        <message>
            <source>gradient of the CTC loss with respect to the log-probabilities: each class's share of every alignment of the target, step by step</source>
            <translation>CTC 损失对对数概率的梯度：逐个时间步计算每个类别在目标的所有对齐中所占的份额</translation>
        </message>
        <message>
            <source>the CUDA backward adds each extended position's term to its class's gradient with atomicAdd (the blank at every other position, repeated labels): PyTorch raises in deterministic mode. detbench's extension gathers each class's positions in order, as the CPU kernel does</source>
            <translation>CUDA 反向传播用 atomicAdd 把每个扩展位置的项加到其类别的梯度上（空白符每隔一个位置出现一次，还有重复的标签）：PyTorch 在确定性模式下报错。detbench 的扩展像 CPU 内核那样按顺序汇集每个类别的位置</translation>
        </message>
        <message>
            <source>sequences (the batch)</source>
            <translation>序列数（批）</translation>
        </message>
        <message>
            <source>time steps of each input</source>
            <translation>每个输入的时间步数</translation>
        </message>
        <message>
            <source>classes, blank (0) included</source>
            <translation>类别数（含空白符 0）</translation>
        </message>
        <message>
            <source>labels in each target (at most (time - 1) / 2)</source>
            <translation>每个目标中的标签数（最多 (time - 1) / 2）</translation>
        </message>
        <message>
            <source>one-layer RNN or LSTM over a sequence through cuDNN's RNN API: every step's output</source>
            <translation>通过 cuDNN 的 RNN API 在一个序列上运行的单层 RNN 或 LSTM：每一步的输出</translation>
        </message>
        <message>
            <source>PyTorch runs cuDNN's RNN API and deterministic mode changes nothing; its documentation warns of nondeterministic RNNs and LSTMs on some cuDNN and CUDA versions and asks for CUBLAS_WORKSPACE_CONFIG=:16:8 or :4096:2 (cuDNN calls cuBLAS inside), a setting deterministic mode does not check for these ops. Whether the bits repeat on a GPU is what a run measures. The atomic form is a detbench contrast on cpu-threads only</source>
            <translation>PyTorch 调用 cuDNN 的 RNN API，确定性模式对此不做任何改变；其文档警告在某些 cuDNN 和 CUDA 版本上 RNN 和 LSTM 不确定，并要求设置 CUBLAS_WORKSPACE_CONFIG=:16:8 或 :4096:2（cuDNN 内部调用 cuBLAS），而确定性模式不会为这些算子检查该设置。在 GPU 上结果是否逐位重复，要靠运行来测量。原子形式是 detbench 的对照，只在 cpu-threads 上提供</translation>
        </message>
        <message>
            <source>the weight gradients of a one-layer RNN or LSTM (forward, backward through time, weights) through cuDNN's RNN API</source>
            <translation>通过 cuDNN 的 RNN API 计算的单层 RNN 或 LSTM 的权重梯度（前向、沿时间反向传播、权重）</translation>
        </message>
        <message>
            <source>time steps</source>
            <translation>时间步数</translation>
        </message>
        <message>
            <source>input features</source>
            <translation>输入特征数</translation>
        </message>
        <message>
            <source>hidden units</source>
            <translation>隐藏单元数</translation>
        </message>
        <message>
            <source>1: LSTM (torch.nn.LSTM); 0: tanh RNN (torch.nn.RNN)</source>
            <translation>1：LSTM（torch.nn.LSTM）；0：tanh RNN（torch.nn.RNN）</translation>
        </message>
        <message>
            <source>self[indices[i], :] = values[i, :]: with duplicate indices, one write stays</source>
            <translation>self[indices[i], :] = values[i, :]：索引重复时，只留下其中一次写入</translation>
        </message>
        <message>
            <source>PyTorch's CPU kernel writes in parallel, so with duplicate indices the value that stays depends on the threads; deterministic mode writes serially in index order (the cpu device's order)</source>
            <translation>PyTorch 的 CPU 内核并行写入，因此索引重复时留下哪个值取决于线程；确定性模式按索引顺序串行写入（即 cpu 设备的顺序）</translation>
        </message>
        <message>
            <source>with duplicate indices, threads write the same element and the last write stays; deterministic mode sorts the indices (stably) and writes each element's values in index order, so the last index wins</source>
            <translation>索引重复时，多个线程写同一个元素，最后一次写入的值留下；确定性模式对索引做稳定排序，并按索引顺序写入每个元素的值，因此最后一个索引胜出</translation>
        </message>
        <message>
            <source>each source value written into the element of the flattened self that its index names; with duplicate indices, one write stays</source>
            <translation>每个源值写入展平后的 self 中其索引指定的元素；索引重复时，只留下其中一次写入</translation>
        </message>
        <message>
            <source>PyTorch's CPU kernel writes in parallel, and deterministic mode raises on the CPU too; the cpu device writes in index order</source>
            <translation>PyTorch 的 CPU 内核并行写入，确定性模式在 CPU 上同样抛出异常；cpu 设备按索引顺序写入</translation>
        </message>
        <message>
            <source>with duplicate indices, threads write the same element and the last write stays; PyTorch has no deterministic form and raises on every device</source>
            <translation>索引重复时，多个线程写同一个元素，最后一次写入的值留下；PyTorch 没有确定性实现，在所有设备上都抛出异常</translation>
        </message>
        <message>
            <source>self[index[i], :] = source[i, :]: with duplicate indices, one copy stays</source>
            <translation>self[index[i], :] = source[i, :]：索引重复时，只留下其中一次复制</translation>
        </message>
        <message>
            <source>PyTorch's CPU kernel copies in parallel; the docstring lists index_copy on CPU tensors among the ops that act deterministically, and PyTorch raises nothing for it there</source>
            <translation>PyTorch 的 CPU 内核并行复制；文档字符串把 CPU 张量上的 index_copy 列为会以确定性方式执行的算子，PyTorch 在 CPU 上也不为它抛出异常</translation>
        </message>
        <message>
            <source>with duplicate indices, threads copy rows into the same row and the last copy stays; deterministic mode sends it through index_put_ without accumulate (sorted: the last index wins)</source>
            <translation>索引重复时，多个线程把行复制到同一行，最后一次复制留下；确定性模式改走不累加的 index_put_（先排序：最后一个索引胜出）</translation>
        </message>
        <message>
            <source>out[index[i]] = src[i] over a 1-D tensor: with duplicate indices, one write stays</source>
            <translation>在一维张量上执行 out[index[i]] = src[i]：索引重复时，只留下其中一次写入</translation>
        </message>
        <message>
            <source>with duplicate indices, threads write the same element and the last write stays; deterministic mode sends scatter_ through index_put_ without accumulate (sorted: the last index wins)</source>
            <translation>索引重复时，多个线程写同一个元素，最后一次写入的值留下；确定性模式让 scatter_ 改走不累加的 index_put_（先排序：最后一个索引胜出）</translation>
        </message>
        <message>
            <source>each output gradient added into the element of x its index read</source>
            <translation>每个输出梯度累加到其索引所读取的 x 的元素上</translation>
        </message>
        <message>
            <source>gather's gradient is a scatter_add_ of the output gradient, which adds with float atomics on CUDA; deterministic mode routes it through index_put_ with accumulate=True (sort, then each run in index order)</source>
            <translation>gather 的梯度是对输出梯度做 scatter_add_，在 CUDA 上用浮点原子操作累加；确定性模式改走 accumulate=True 的 index_put_（先排序，再按索引顺序归约每一段）</translation>
        </message>
        <message>
            <source>each output gradient row added into the row of x its index read</source>
            <translation>每一行输出梯度累加到其索引所读取的 x 的行上</translation>
        </message>
        <message>
            <source>index_select's gradient is an index_add_ of the output gradient's rows, which adds with float atomics on CUDA; deterministic mode routes it through index_put_ with accumulate=True</source>
            <translation>index_select 的梯度是对输出梯度的各行做 index_add_，在 CUDA 上用浮点原子操作累加；确定性模式改走 accumulate=True 的 index_put_</translation>
        </message>
        <message>
            <source>each row of x gets the sum of its copies' gradients</source>
            <translation>x 的每一行得到其各个副本梯度之和</translation>
        </message>
        <message>
            <source>repeat_interleave reads x through index_select, so its gradient is an index_add_ of the copies' gradients, with float atomics on CUDA; deterministic mode routes it through index_put_ with accumulate=True</source>
            <translation>repeat_interleave 通过 index_select 读取 x，所以它的梯度是对各副本梯度做 index_add_，在 CUDA 上用浮点原子操作累加；确定性模式改走 accumulate=True 的 index_put_</translation>
        </message>
        <message>
            <source>out[index[i], :] *= source[i, :] along dim 0, self included</source>
            <translation>沿第 0 维执行 out[index[i], :] *= source[i, :]，包括 self 本身</translation>
        </message>
        <message>
            <source>gradient of the embedding table: each bag's gradient added, column by column, to the row that held the bag's maximum</source>
            <translation>嵌入表的梯度：每个 bag 的梯度逐列累加到该 bag 中取得最大值的那一行</translation>
        </message>
        <message>
            <source>each bag's gradient goes to the rows that held its maxima, added with float atomics on CUDA (a row that is the maximum of several bags takes several terms); PyTorch has no deterministic form</source>
            <translation>每个 bag 的梯度传回取得其最大值的行，在 CUDA 上用浮点原子操作累加（同时是多个 bag 最大值的行会累加多项）；PyTorch 没有确定性实现</translation>
        </message>
        <message>
            <source>gradient of the embedding table: each index's gradient row added to its row</source>
            <translation>嵌入表的梯度：每个索引的梯度行累加到对应的行</translation>
        </message>
        <message>
            <source>PyTorch's CUDA backward sorts the indices and sums each index's gradients in a fixed order (deterministic)</source>
            <translation>PyTorch 的 CUDA 反向传播先对索引排序，再按固定顺序累加每个索引的梯度（确定性）</translation>
        </message>
        <message>
            <source>the position of each row's k-th smallest value, among values that repeat</source>
            <translation>每行第 k 小的值所在的位置（行中的值有重复）</translation>
        </message>
        <message>
            <source>when the k-th value occurs more than once, the CUDA kernel's threads race to write its index, so the index varies; PyTorch has no deterministic form</source>
            <translation>当第 k 小的值出现多次时，CUDA 内核的线程竞争写入它的索引，因此返回的索引会变；PyTorch 没有确定性实现</translation>
        </message>
        <message>
            <source>the position of each row's lower median, among values that repeat</source>
            <translation>每行下中位数所在的位置（行中的值有重复）</translation>
        </message>
        <message>
            <source>when the median occurs more than once, which of its indices the CUDA kernel returns depends on the threads; PyTorch has no deterministic form</source>
            <translation>当中位数出现多次时，CUDA 内核返回其中哪个索引取决于线程；PyTorch 没有确定性实现</translation>
        </message>
        <message>
            <source>gradient routed to each cubic window's argmax; windows overlap</source>
            <translation>梯度传回每个立方窗口的最大值位置；窗口相互重叠</translation>
        </message>
        <message>
            <source>the CUDA backward adds each output gradient into the input that was its window's maximum with float atomics, and overlapping windows share maxima; PyTorch has no deterministic form. detbench's extension visits each plane's outputs in order</source>
            <translation>CUDA 反向传播用浮点原子操作把每个输出梯度累加到其窗口的最大值所在的输入上，而重叠的窗口会共享最大值；PyTorch 没有确定性实现。detbench 的扩展按顺序遍历每个平面的输出</translation>
        </message>
        <message>
            <source>gradient routed to each adaptive window's argmax; windows overlap</source>
            <translation>梯度传回每个自适应窗口的最大值位置；窗口相互重叠</translation>
        </message>
        <message>
            <source>gradient routed to each pseudo-randomly placed window's argmax</source>
            <translation>梯度传回每个伪随机放置的窗口的最大值位置</translation>
        </message>
        <message>
            <source>gradient routed to each pseudo-randomly placed window's argmax, in 3-D</source>
            <translation>梯度传回每个伪随机放置的窗口的最大值位置（三维）</translation>
        </message>
        <message>
            <source>each value written into the output position its index names (1-D)</source>
            <translation>每个值写入其索引指定的输出位置（一维）</translation>
        </message>
        <message>
            <source>each input value is written into the output position its index names; with repeated indices the value that stays depends on which write lands last, and PyTorch raises on every device. The cpu device writes in input order</source>
            <translation>每个输入值写入其索引指定的输出位置；索引重复时，留下的值取决于哪次写入最后落下，PyTorch 在所有设备上都抛出异常。cpu 设备按输入顺序写入</translation>
        </message>
        <message>
            <source>each value written into the output position its index names (2-D)</source>
            <translation>每个值写入其索引指定的输出位置（二维）</translation>
        </message>
        <message>
            <source>each value written into the output position its index names (3-D)</source>
            <translation>每个值写入其索引指定的输出位置（三维）</translation>
        </message>
        <message>
            <source>each output gradient spread over its adaptive (overlapping) window, in 3-D</source>
            <translation>每个输出梯度分摊到其自适应（相互重叠的）窗口上（三维）</translation>
        </message>
        <message>
            <source>the CUDA backward adds each padded gradient into its edge element with float atomics; in deterministic mode F.pad(mode='replicate') on CUDA takes a decomposition whose backward is index_put_ with accumulate. Calling the ATen op directly still raises its alert</source>
            <translation>CUDA 反向传播用浮点原子操作把每个填充位置的梯度累加到其边缘元素；在确定性模式下，CUDA 上的 F.pad(mode='replicate') 改走一个分解实现，其反向传播是带累加的 index_put_。直接调用 ATen 算子仍会触发它的警报</translation>
        </message>
        <message>
            <source>a quantized tensor grown by resize_: its new elements are uninitialized memory</source>
            <translation>用 resize_ 扩大的量化张量：新元素是未初始化的内存</translation>
        </message>
        <message>
            <source>growing a quantized tensor leaves its new elements uninitialized, and deterministic mode, which fills new memory for other tensors, refuses instead. A catalog entry only: no detbench device runs it</source>
            <translation>扩大量化张量会让新元素保持未初始化；确定性模式对其他张量会填充新内存，对量化张量则直接拒绝。这只是目录条目：detbench 没有设备运行它</translation>
        </message>
        <message>
            <source>the CUDA kernel takes the smallest index among the threads that found the k-th value (an atomic minimum): deterministic, though not always the index PyTorch's CPU kernel returns</source>
            <translation>CUDA 内核在找到第 k 小值的线程中取最小的索引（原子取最小值）：结果是确定的，但不一定与 PyTorch 的 CPU 内核返回的索引相同</translation>
        </message>
        <message>
            <source>when few distinct indices repeat many times, the CUDA backward adds each index's gradients with float atomics (a fused kernel, from 2.11); deterministic mode keeps the sort-based segment sums</source>
            <translation>当少数不同的索引大量重复时，CUDA 反向传播用浮点原子操作累加每个索引的梯度（一个融合内核，自 2.11 起）；确定性模式仍使用基于排序的分段求和</translation>
        </message>
        <message>
            <source>the CUDA backward adds with float atomics; in deterministic mode F.max_pool3d(return_indices=True) on CUDA takes a decomposition whose backward is deterministic. F.max_pool3d without indices (nn.MaxPool3d's default) still calls the ATen op, whose backward alerts max_pool3d_with_indices_backward_out_cuda; the docstring lists MaxPool3d as acting deterministically</source>
            <translation>CUDA 反向传播用浮点原子操作累加；在确定性模式下，CUDA 上的 F.max_pool3d(return_indices=True) 改走一个分解实现，其反向传播是确定性的。不返回索引的 F.max_pool3d（nn.MaxPool3d 的默认情况）仍调用 ATen 算子，其反向传播会触发 max_pool3d_with_indices_backward_out_cuda 警报；文档字符串把 MaxPool3d 列为以确定性方式执行</translation>
        </message>
        <message>
            <source>the default backward adds each output gradient into 16 source pixels with float atomics; in deterministic mode F.interpolate on a tensor not on the CPU takes a decomposition whose backward is index_put_ with accumulate. Calling the ATen op directly still raises upsample_bicubic2d_backward_out_cuda</source>
            <translation>默认的反向传播用浮点原子操作把每个输出梯度累加到 16 个源像素；在确定性模式下，对不在 CPU 上的张量，F.interpolate 改走一个分解实现，其反向传播是带累加的 index_put_。直接调用 ATen 算子仍会抛出 upsample_bicubic2d_backward_out_cuda</translation>
        </message>
        <message>
            <source>number of indices</source>
            <translation>索引个数</translation>
        </message>
        <message>
            <source>rows of self (fewer: more duplicate indices)</source>
            <translation>self 的行数（越少：重复索引越多）</translation>
        </message>
        <message>
            <source>columns of self</source>
            <translation>self 的列数</translation>
        </message>
        <message>
            <source>length of x (smaller: more contention)</source>
            <translation>x 的长度（越小：竞争越激烈）</translation>
        </message>
        <message>
            <source>rows of x (fewer: more contention)</source>
            <translation>x 的行数（越少：竞争越激烈）</translation>
        </message>
        <message>
            <source>columns of x</source>
            <translation>x 的列数</translation>
        </message>
        <message>
            <source>rows of x</source>
            <translation>x 的行数</translation>
        </message>
        <message>
            <source>copies of each row (more: more terms per gradient row)</source>
            <translation>每行的副本数（越多：每个梯度行累加的项越多）</translation>
        </message>
        <message>
            <source>rows (each gives one index)</source>
            <translation>行数（每行给出一个索引）</translation>
        </message>
        <message>
            <source>values in each row</source>
            <translation>每行的值个数</translation>
        </message>
        <message>
            <source>distinct values a row draws from (fewer: more ties)</source>
            <translation>每行取值的不同值个数（越少：相等的值越多）</translation>
        </message>
        <message>
            <source>the rank k (1: the smallest)</source>
            <translation>名次 k（1：最小）</translation>
        </message>
        <message>
            <source>output H</source>
            <translation>输出 H</translation>
        </message>
        <message>
            <source>output D</source>
            <translation>输出 D</translation>
        </message>
        <message>
            <source>padding on each side, less than every input size (larger: more mirrored terms)</source>
            <translation>每侧的填充量，须小于每个输入尺寸（越大：镜像项越多）</translation>
        </message>
        <message>
            <source>an atomic maximum gives the same result in any order (for inputs without signed zeros or NaN, whose ties keep whichever came first), and deterministic mode lets it run (only reduce='prod' raises before 2.15)</source>
            <translation>原子取最大值无论顺序如何结果都相同（输入中没有带符号的零或 NaN 时；有时平局保留先到的值），确定性模式也让它照常运行（2.15 之前只有 reduce='prod' 会报错）</translation>
        </message>
        <message>
            <source>the CUDA kernel multiplies with atomics, so the products round in the order the threads run; deterministic mode raises (PyTorch has no deterministic form), though the docstrings do not name it</source>
            <translation>CUDA 内核用原子操作做乘法，因此乘积按线程运行的顺序舍入；确定性模式下会报错（PyTorch 没有确定性形式），尽管文档字符串没有列出它</translation>
        </message>
        <message>
            <source>the CUDA backward adds each mirrored gradient into its source element with float atomics; in deterministic mode PyTorch takes another kernel, in which each input element gathers its own terms. The docstring still says it raises</source>
            <translation>CUDA 反向传播用浮点原子操作把每个镜像位置的梯度加到其来源元素上；在确定性模式下 PyTorch 改用另一个内核，由每个输入元素收集自己的各项。文档字符串仍说它会报错</translation>
        </message>
        <message>
            <source>the sum over the ranks of a job of each rank's partial sum of its share of the gradients; every rank receives it</source>
            <translation>作业中各 rank 先对自己分到的那份梯度求部分和，再跨 rank 求总和；每个 rank 都得到这个结果</translation>
        </message>
        <message>
            <source>NCCL reduces in an order fixed by its algorithm (ring, tree, NVLS), protocol, channel count and the world size: the bits repeat run to run for one job and change with any of them (NCCL_ALGO, NCCL_PROTO, NCCL_MIN_NCHANNELS, NCCL_MAX_NCHANNELS and NCCL_NVLS_ENABLE=0 pin them; the world size cannot change). Deterministic mode does not touch collectives. The atomic form (ranks added as they arrive) is a contrast</source>
            <translation>NCCL 的归约顺序由其算法（ring、tree、NVLS）、协议、通道数和 world size 决定：同一个作业多次运行比特可复现，其中任何一项改变比特就会变（NCCL_ALGO、NCCL_PROTO、NCCL_MIN_NCHANNELS、NCCL_MAX_NCHANNELS 和 NCCL_NVLS_ENABLE=0 可以固定它们；world size 则不能变）。确定性模式不涉及集合通信。原子形式（各 rank 按到达先后相加）只是对照</translation>
        </message>
        <message>
            <source>elements of the gradient each rank holds</source>
            <translation>每个 rank 持有的梯度元素数</translation>
        </message>
        <message>
            <source>contributions to the sum (per-sample gradients), shared out over the ranks</source>
            <translation>参与求和的份数（每个样本的梯度），分给各个 rank</translation>
        </message>
        <message>
            <source>world size: the processes of the job, each holding rows rank, rank + ranks, ...</source>
            <translation>world size：作业的进程数，每个进程持有第 rank、rank + ranks、……行</translation>
        </message>
        <message>
            <source>the collective's order: 0 ring (chunks travel the ring), 1 tree (pairwise)</source>
            <translation>集合通信的顺序：0 为 ring（各块沿环传递），1 为 tree（两两相加）</translation>
        </message>
        <message>
            <source>the sum over the ranks of each rank's partial sum of its share of the gradients, each rank receiving one shard of it (the output: the shards one after another)</source>
            <translation>各 rank 先对自己分到的那份梯度求部分和，再跨 rank 求总和，每个 rank 只收到其中一个分片（输出：各分片依次相连）</translation>
        </message>
        <message>
            <source>NCCL's reduce-scatter (ring, or PAT and NVLS where it picks them) adds the ranks in an order fixed by its algorithm, protocol, channel count and the world size: the bits repeat run to run for one job, and each shard's order and boundaries change with the world size (FSDP's gradients). NCCL_ALGO, NCCL_PROTO and the channel counts pin the order; deterministic mode does not touch collectives. The atomic form (pieces added as they arrive) is a contrast</source>
            <translation>NCCL 的 reduce-scatter（ring，或在它选用时为 PAT 和 NVLS）按其算法、协议、通道数和 world size 决定的顺序把各 rank 相加：同一个作业多次运行比特可复现，而每个分片的顺序和边界随 world size 改变（FSDP 的梯度）。NCCL_ALGO、NCCL_PROTO 和通道数可以固定顺序；确定性模式不涉及集合通信。原子形式（各部分按到达先后相加）只是对照</translation>
        </message>
        <message>
            <source>elements of the gradient each rank holds (a multiple of ranks)</source>
            <translation>每个 rank 持有的梯度元素数（须为 ranks 的倍数）</translation>
        </message>
        <message>
            <source>world size: the processes of the job, each receiving size / ranks elements</source>
            <translation>world size：作业的进程数，每个进程收到 size / ranks 个元素</translation>
        </message>
        <message>
            <source>the collective's order: 0 ring (NCCL's), 1 direct (each owner in rank order)</source>
            <translation>集合通信的顺序：0 为 ring（NCCL 的做法），1 为直接相加（每个分片的所有者按 rank 顺序相加）</translation>
        </message>
        <message>
            <source>1: the deterministic form scans the indices once per block of output rows instead of sorting them, in the same order (cuda only)</source>
            <translation>1：确定性形式对每块输出行扫描一遍全部索引，而不是先排序，相加顺序不变（仅 cuda）</translation>
        </message>
        <message>
            <source>with batch_invariant = 1: cuBLASLt with one algorithm pinned for every batch instead of detbench's tiled kernel (cuda only); 1: the algorithm for 4096 rows without split-K, R &gt; 1: the one proposed for R rows, its split-K included</source>
            <translation>在 batch_invariant = 1 时：用 cuBLASLt 并为所有批大小固定同一个算法，代替 detbench 的分块内核（仅 cuda）；1：按 4096 行选定、不用 split-K 的算法；R &gt; 1：按 R 行推荐的算法，包括它的 split-K</translation>
        </message>
    </context>
    <context>
        <name>ProjectFile</name>
        <message>
            <source>It is not a detbench project (no "format": "detbench-project").</source>
            <translation>这不是 detbench 项目（缺少 "format": "detbench-project"）。</translation>
        </message>
        <message>
            <source>The project file is damaged: %1</source>
            <translation>项目文件已损坏：%1</translation>
        </message>
        <message>
            <source>Cannot open %1: %2</source>
            <translation>无法打开 %1：%2</translation>
        </message>
        <message>
            <source>Cannot open %1. %2</source>
            <translation>无法打开 %1。%2</translation>
        </message>
        <message>
            <source>It is not a detbench project: %1</source>
            <translation>这不是 detbench 项目：%1</translation>
        </message>
        <message>
            <source>The project was written by another detbench (project version %1; this one reads version %2).</source>
            <translation>该项目由另一版本的 detbench 写入（项目版本 %1；本程序读取版本 %2）。</translation>
        </message>
    </context>
    <context>
        <name>ReportExporter</name>
        <message>
            <source>detbench reproducibility report</source>
            <translation>detbench 可复现性报告</translation>
        </message>
        <message>
            <source>on</source>
            <translation>运行于</translation>
        </message>
        <message>
            <source>Parameters</source>
            <translation>参数</translation>
        </message>
        <message>
            <source>Inputs</source>
            <translation>输入</translation>
        </message>
        <message>
            <source>Input fingerprint</source>
            <translation>输入指纹</translation>
        </message>
        <message>
            <source>Data seed</source>
            <translation>数据种子</translation>
        </message>
        <message>
            <source>Configurations side by side</source>
            <translation>各配置并列对比</translation>
        </message>
        <message>
            <source>Configuration</source>
            <translation>配置</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>结论</translation>
        </message>
        <message>
            <source>Distinct outputs</source>
            <translation>不同输出数</translation>
        </message>
        <message>
            <source>Median time</source>
            <translation>中位耗时</translation>
        </message>
        <message>
            <source>vs baseline</source>
            <translation>相对基准</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <source>Seed in force</source>
            <translation>实际使用的种子</translation>
        </message>
        <message>
            <source>drawn, not set</source>
            <translation>随机抽取，未设置</translation>
        </message>
        <message>
            <source>Implementation</source>
            <translation>实现</translation>
        </message>
        <message>
            <source>Threads</source>
            <translation>线程数</translation>
        </message>
        <message>
            <source>Differences</source>
            <translation>差异</translation>
        </message>
        <message>
            <source>Time per trial</source>
            <translation>每次试验耗时</translation>
        </message>
        <message>
            <source>Warning</source>
            <translation>警告</translation>
        </message>
        <message>
            <source>Error</source>
            <translation>错误</translation>
        </message>
        <message>
            <source>Output digest</source>
            <translation>输出摘要</translation>
        </message>
        <message>
            <source>Trials</source>
            <translation>试验次数</translation>
        </message>
        <message>
            <source>First seen in trial</source>
            <translation>首次出现于试验</translation>
        </message>
        <message>
            <source>Environment</source>
            <translation>环境</translation>
        </message>
        <message>
            <source>detbench</source>
            <translation>detbench</translation>
        </message>
        <message>
            <source>Host</source>
            <translation>主机</translation>
        </message>
        <message>
            <source>Operating system</source>
            <translation>操作系统</translation>
        </message>
        <message>
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <source>(unset)</source>
            <translation>（未设置）</translation>
        </message>
        <message>
            <source>Device %1</source>
            <translation>设备 %1</translation>
        </message>
        <message>
            <source>unavailable: %1</source>
            <translation>不可用：%1</translation>
        </message>
        <message>
            <source>Reproducible: bitwise identical over %1 trials.</source>
            <translation>可复现：%1 次试验逐位相同。</translation>
        </message>
        <message>
            <source>Not reproducible: %1 distinct outputs in %2 trials, max |diff| %3 (%4 ULP).</source>
            <translation>不可复现：%2 次试验中有 %1 个不同输出，最大 |diff| 为 %3（%4 ULP）。</translation>
        </message>
        <message>
            <source>What to set: %1 (the settings of %2), which ran %3 than %4.</source>
            <translation>该设置什么：%1（即 %2 的设置），它比 %4 %3。</translation>
        </message>
        <message>
            <source>What to set: torch.use_deterministic_algorithms(True), and compare its cost (Compare: default against deterministic).</source>
            <translation>该设置什么：torch.use_deterministic_algorithms(True)，并比较它的代价（比较：默认对确定性）。</translation>
        </message>
        <message>
            <source>Deterministic algorithms are on and the output still varies: the op's catalog entry says why (a contrast form, or a kernel PyTorch does not cover).</source>
            <translation>确定性算法已开启，输出仍然变化：算子的目录条目说明了原因（对照形式，或 PyTorch 未覆盖的内核）。</translation>
        </message>
        <message>
            <source>Nothing ran to completion: the errors below say why.</source>
            <translation>没有任何运行完成：下面的错误说明了原因。</translation>
        </message>
        <message>
            <source>Nothing to set: these settings are reproducible for this op on this device.</source>
            <translation>无需设置：在这台设备上，这些设置已让该算子可复现。</translation>
        </message>
        <message>
            <source>Takeaway</source>
            <translation>结论摘要</translation>
        </message>
        <message>
            <source>Appendix: output digests</source>
            <translation>附录：输出摘要</translation>
        </message>
        <message>
            <source>… and %1 more distinct outputs: the CSV export lists every trial's digest.</source>
            <translation>……还有 %1 个不同输出：CSV 导出列出了每次试验的摘要。</translation>
        </message>
        <message numerus="yes">
            <source>… (%n more characters; the JSON report has them all)</source>
            <translation>
                <numerusform>……（另有 %n 个字符；JSON 报告中全部保留）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>… and %n more (the CSV and the JSON report have them all)</source>
            <translation>
                <numerusform>……另有 %n 项（CSV 与 JSON 报告中全部保留）</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>ReportPlots</name>
        <message>
            <source>Max |diff| against trial 0</source>
            <translation>相对试验 0 的最大 |差值|</translation>
        </message>
        <message>
            <source>Distinct outputs so far</source>
            <translation>目前为止的不同输出数</translation>
        </message>
        <message>
            <source>ULP histogram</source>
            <translation>ULP 直方图</translation>
        </message>
        <message>
            <source>Time per trial</source>
            <translation>每次试验耗时</translation>
        </message>
        <message>
            <source>Algorithm per trial</source>
            <translation>每次试验的算法</translation>
        </message>
        <message>
            <source>Variance and speed per configuration</source>
            <translation>各配置的差异与速度</translation>
        </message>
    </context>
    <context>
        <name>SlurmBatchText</name>
        <message>
            <source>run</source>
            <translation>运行</translation>
        </message>
        <message>
            <source>sweep</source>
            <translation>多配置对比</translation>
        </message>
        <message>
            <source>no GPU type</source>
            <translation>不指定 GPU 类型</translation>
        </message>
        <message>
            <source>partition default</source>
            <translation>默认分区</translation>
        </message>
        <message>
            <source>partition %1</source>
            <translation>分区 %1</translation>
        </message>
        <message>
            <source>constraint %1</source>
            <translation>约束 %1</translation>
        </message>
        <message>
            <source>, </source>
            <translation>，</translation>
        </message>
        <message>
            <source>%1 via ssh %2</source>
            <translation>%1（经 ssh %2）</translation>
        </message>
    </context>
    <context>
        <name>SlurmStateText</name>
        <message>
            <source>pending</source>
            <translation>排队中</translation>
        </message>
        <message>
            <source>running</source>
            <translation>运行中</translation>
        </message>
        <message>
            <source>configuring</source>
            <translation>配置中</translation>
        </message>
        <message>
            <source>completing</source>
            <translation>正在结束</translation>
        </message>
        <message>
            <source>completed</source>
            <translation>已完成</translation>
        </message>
        <message>
            <source>cancelled</source>
            <translation>已取消</translation>
        </message>
        <message>
            <source>failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>timeout</source>
            <translation>超时</translation>
        </message>
        <message>
            <source>preempted</source>
            <translation>被抢占</translation>
        </message>
        <message>
            <source>node fail</source>
            <translation>节点故障</translation>
        </message>
        <message>
            <source>boot fail</source>
            <translation>启动失败</translation>
        </message>
        <message>
            <source>out of memory</source>
            <translation>内存不足</translation>
        </message>
        <message>
            <source>deadline</source>
            <translation>超过截止时间</translation>
        </message>
        <message>
            <source>suspended</source>
            <translation>已挂起</translation>
        </message>
        <message>
            <source>stopped</source>
            <translation>已停止</translation>
        </message>
        <message>
            <source>requeued</source>
            <translation>已重新排队</translation>
        </message>
        <message>
            <source>requeue hold</source>
            <translation>重新排队并挂起</translation>
        </message>
        <message>
            <source>requeue fed</source>
            <translation>在联邦中重新排队</translation>
        </message>
        <message>
            <source>resizing</source>
            <translation>正在调整大小</translation>
        </message>
        <message>
            <source>revoked</source>
            <translation>已撤销</translation>
        </message>
        <message>
            <source>signaling</source>
            <translation>正在发送信号</translation>
        </message>
        <message>
            <source>special exit</source>
            <translation>特殊退出</translation>
        </message>
        <message>
            <source>stage out</source>
            <translation>正在转出数据</translation>
        </message>
        <message>
            <source>resv del hold</source>
            <translation>因预留删除而挂起</translation>
        </message>
        <message>
            <source>waiting for a free node with what the job asks</source>
            <translation>正在等待有作业所需资源的空闲节点</translation>
        </message>
        <message>
            <source>jobs of higher priority are ahead of it</source>
            <translation>优先级更高的作业排在它前面</translation>
        </message>
        <message>
            <source>the partition is down</source>
            <translation>分区已停用（down）</translation>
        </message>
        <message>
            <source>the partition is inactive</source>
            <translation>分区未激活</translation>
        </message>
        <message>
            <source>the partition does not allow this many nodes</source>
            <translation>分区不允许这么多节点</translation>
        </message>
        <message>
            <source>the time limit is over the partition's</source>
            <translation>时间限制超过了分区的上限</translation>
        </message>
        <message>
            <source>the nodes it needs are not available</source>
            <translation>它需要的节点不可用</translation>
        </message>
        <message>
            <source>a node it needs is down</source>
            <translation>它需要的某个节点已停机</translation>
        </message>
        <message>
            <source>its start time has not come</source>
            <translation>尚未到它的开始时间</translation>
        </message>
        <message>
            <source>it waits for another job</source>
            <translation>它在等待另一个作业</translation>
        </message>
        <message>
            <source>held by its user</source>
            <translation>被其用户挂起</translation>
        </message>
        <message>
            <source>held by an administrator</source>
            <translation>被管理员挂起</translation>
        </message>
        <message>
            <source>the QOS's per-user job limit is reached</source>
            <translation>已达到 QOS 的每用户作业数上限</translation>
        </message>
        <message>
            <source>the account's GPU limit is reached</source>
            <translation>已达到账户的 GPU 上限</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <translation>%1（%2）</translation>
        </message>
        <message>
            <source>job %1 %2</source>
            <translation>作业 %1 %2</translation>
        </message>
    </context>
    <context>
        <name>TraceText</name>
        <message>
            <source>float atomics: the op adds with atomics, in whatever order the threads get there</source>
            <translation>浮点原子操作：该算子用原子加法累加，顺序取决于线程到达的先后</translation>
        </message>
        <message>
            <source>integer atomics: the order varies, the integer result is exact</source>
            <translation>整数原子操作：顺序会变，但整数结果是精确的</translation>
        </message>
        <message>
            <source>racing writes: several writes reach one element, and whichever lands last stays</source>
            <translation>竞争写入：多次写入落到同一个元素上，最后落下的那次留下</translation>
        </message>
        <message>
            <source>an algorithm choice: the library may pick an algorithm that is not deterministic</source>
            <translation>算法选择：库可能选中不确定的算法</translation>
        </message>
        <message>
            <source>autotuning: cudnn.benchmark picks the algorithm by timing</source>
            <translation>自动调优：cudnn.benchmark 按计时选择算法</translation>
        </message>
        <message>
            <source>the data: it came from outside any op (NumPy, Python, a DataLoader's workers) and differs</source>
            <translation>数据：它来自任何算子之外（NumPy、Python、DataLoader 的工作进程），并且不同</translation>
        </message>
        <message>
            <source>a number from Python: the op's tensors were equal in every run, an argument was not</source>
            <translation>来自 Python 的数字：该算子的张量在每次运行中都相同，但某个参数不同</translation>
        </message>
        <message>
            <source>compiled code (torch.compile): Inductor's kernels may autotune by timing, draw their own random numbers or reduce in another order; the trace sees the region as one op</source>
            <translation>编译后的代码（torch.compile）：Inductor 的内核可能按计时自动调优、自行抽取随机数或以其他顺序归约；追踪把该区域视为一个算子</translation>
        </message>
        <message>
            <source>uninitialized memory: the op read memory that no op had written</source>
            <translation>未初始化内存：该算子读取了没有任何算子写过的内存</translation>
        </message>
        <message>
            <source>the catalog expects this op to repeat on this device, and the trace saw it differ</source>
            <translation>目录认为该算子在这个设备上可重复，而跟踪看到它不同</translation>
        </message>
        <message>
            <source>an op the catalog does not hold</source>
            <translation>目录中没有的算子</translation>
        </message>
        <message>
            <source>seed the generators (Seed: torch.manual_seed, random.seed, numpy.random.seed before the script's first line)</source>
            <translation>为生成器设置种子（种子：在脚本第一行之前调用 torch.manual_seed、random.seed、numpy.random.seed）</translation>
        </message>
        <message>
            <source>deterministic algorithms (error): PyTorch switches this op to its deterministic form</source>
            <translation>确定性算法（error）：PyTorch 会把该算子切换为确定性的形式</translation>
        </message>
        <message>
            <source>PyTorch has no deterministic form of this op: error mode raises at it, warn mode only warns</source>
            <translation>PyTorch 没有该算子的确定性形式：error 模式会在此报错，warn 模式只发出警告</translation>
        </message>
        <message>
            <source>cudnn.deterministic (or deterministic algorithms)</source>
            <translation>cudnn.deterministic（或确定性算法）</translation>
        </message>
        <message>
            <source>leave cudnn.benchmark off</source>
            <translation>保持 cudnn.benchmark 关闭</translation>
        </message>
        <message>
            <source>seed what makes the data: the seed covers torch's generator (a DataLoader's shuffle and its workers' seeds); NumPy or Python's random in workers need a worker_init_fn</source>
            <translation>为产生数据的部分设置种子：种子覆盖 torch 的生成器（DataLoader 的打乱顺序及其工作进程的种子）；工作进程中的 NumPy 或 Python random 需要 worker_init_fn</translation>
        </message>
        <message>
            <source>write the tensor before it is read (torch.zeros, not torch.empty)</source>
            <translation>在读取张量之前先写入它（用 torch.zeros，而不是 torch.empty）</translation>
        </message>
        <message>
            <source>Python's random module was drawn from without a seed: random.seed(...) before the draw, or the Seed setting</source>
            <translation>Python 的 random 模块在未设种子时被抽取：在抽取前调用 random.seed(...)，或使用“种子”设置</translation>
        </message>
        <message>
            <source>NumPy's global generator was drawn from without a seed: numpy.random.seed(...), or the Seed setting</source>
            <translation>NumPy 的全局生成器在未设种子时被抽取：调用 numpy.random.seed(...)，或使用“种子”设置</translation>
        </message>
        <message>
            <source>this PyTorch has no deterministic switch for compiled code: trace with torch.compile eager to find the op inside</source>
            <translation>此版本 PyTorch 没有针对编译代码的确定性开关：用 torch.compile eager 追踪以找到其中的算子</translation>
        </message>
        <message>
            <source>nothing the catalog knows of</source>
            <translation>目录中没有已知的办法</translation>
        </message>
        <message>
            <source>introduced (inputs equal)</source>
            <translation>引入（输入相同）</translation>
        </message>
        <message>
            <source>data from outside</source>
            <translation>来自外部的数据</translation>
        </message>
        <message>
            <source>uninitialized memory</source>
            <translation>未初始化的内存</translation>
        </message>
        <message>
            <source>; detbench has a deterministic kernel of its own (Catalog: detbench extensions)</source>
            <translation>；detbench 有自己的确定性内核（目录：detbench 扩展）</translation>
        </message>
        <message>
            <source>a collective's order: its inputs were equal on every rank and it reduced them in another order (NCCL's algorithm, protocol and channels, the world size)</source>
            <translation>集合通信的顺序：它在每个 rank 上的输入都相同，却以另一种顺序归约（NCCL 的算法、协议和通道数，以及 world size）</translation>
        </message>
        <message>
            <source>fix how the collective reduces, for every rank: NCCL_ALGO, NCCL_PROTO, the number of channels (NCCL_MIN_NCHANNELS, NCCL_MAX_NCHANNELS), NCCL_NVLS_ENABLE=0; and keep the world size</source>
            <translation>为每个 rank 固定集合通信的归约方式：NCCL_ALGO、NCCL_PROTO、通道数（NCCL_MIN_NCHANNELS、NCCL_MAX_NCHANNELS）、NCCL_NVLS_ENABLE=0；并保持 world size 不变</translation>
        </message>
        <message>
            <source>the tensor came from a process pool's worker while the pool's tasks gave the same bits in every run: the results were taken in the order the workers finished them (imap_unordered, as_completed); take them in the order they were given (map, imap, each future in turn)</source>
            <translation>该张量来自进程池的工作进程，而进程池的各个任务在每次运行中给出相同的位：结果是按工作进程完成的顺序取得的（imap_unordered、as_completed）；请按提交的顺序取结果（map、imap、依次取每个 future）</translation>
        </message>
        <message>
            <source>shared memory: the tensor is in memory other processes can write (share_memory_, a Process's arguments, a Queue), and another process wrote it; processes that update one model at once (Hogwild) do so in an order that follows timing</source>
            <translation>共享内存：该张量位于其他进程可写的内存中（share_memory_、Process 的参数、Queue），并由另一个进程写入；多个进程同时更新同一个模型（Hogwild）时，其顺序取决于时序</translation>
        </message>
        <message>
            <source>let one process write the shared tensor at a time, in a set order</source>
            <translation>让进程按固定顺序、一次一个地写入共享张量</translation>
        </message>
        <message>
            <source>torch._inductor.config.deterministic = True (deterministic mode also sets it); where the runs still differ with it, a Python value the function reads (a global, an attribute: compiled in as a constant) differs: trace with torch.compile eager to find the op inside</source>
            <translation>torch._inductor.config.deterministic = True（确定性模式也会设置它）；若设置后各次运行仍不同，则是函数读取的某个 Python 值（全局变量、属性：作为常量编译进去）不同：用 torch.compile eager 追踪以找到其中的算子</translation>
        </message>
        <message>
            <source>other tensors: the script handed the op tensors of this run's own other than in run 1 (an order that differs, a set's order, a choice that depends on the run)</source>
            <translation>其他张量：脚本交给该算子的是本次运行自己产生的、与第 1 次运行不同的张量（顺序不同、集合的顺序、依赖于运行的选择）</translation>
        </message>
        <message>
            <source>random numbers: the op draws from a generator that was in another state than in run 1 (seeded otherwise, or drawn from otherwise before)</source>
            <translation>随机数：该算子所抽取的生成器状态与第 1 次运行不同（种子不同，或之前的抽取不同）</translation>
        </message>
        <message>
            <source>the script seeds the generator this op draws from, with another number in each run (torch.seed(), Generator.seed(), the clock): give torch.manual_seed (Generator.manual_seed) a fixed number; the Seed setting cannot help, the script's own seeding comes after it</source>
            <translation>脚本在每次运行中用不同的数字为该算子所抽取的生成器设种子（torch.seed()、Generator.seed()、时钟）：给 torch.manual_seed（Generator.manual_seed）一个固定的数字；“种子”设置无济于事，脚本自己的设种子在它之后</translation>
        </message>
        <message>
            <source>the generator this op draws from was seeded alike in every run and had given other draws before it (a size or a count that differs, other threads drawing from it): seeding again cannot help; draw the same amounts in the same order</source>
            <translation>该算子所抽取的生成器在每次运行中种子相同，但在此之前抽取的不同（大小或次数不同，其他线程也从中抽取）：再设种子无济于事；以相同顺序抽取相同数量</translation>
        </message>
        <message>
            <source>a number or data the script computes or reads differently in each run (the clock, a set's order, a file, a generator of its own left unseeded): compute it the same way, or pass it in</source>
            <translation>脚本在每次运行中以不同方式计算或读取的数字或数据（时钟、集合的顺序、文件、未设种子的自有生成器）：用相同方式计算它，或从外部传入</translation>
        </message>
        <message>
            <source>the script seeds the generator this op draws from with another number in each run, after drawing from Python's random or NumPy unseeded: a seed drawn from them is fixed by the Seed setting; a seed from elsewhere (the clock) needs a fixed number</source>
            <translation>脚本在每次运行中用不同的数字为该算子所抽取的生成器设种子，而在此之前它从未设种子的 Python random 或 NumPy 中抽取过：从中抽取的种子由“种子”设置固定；来自别处的种子（时钟）需要一个固定的数字</translation>
        </message>
        <message>
            <source>a process multiprocessing started afresh (mp.spawn) begins with unseeded generators, whatever its parent seeded: seed them in the function it runs, or use the Seed setting</source>
            <translation>multiprocessing 重新启动的进程（mp.spawn）的生成器从未设种子开始，无论其父进程设了什么种子：在它运行的函数中设种子，或使用“种子”设置</translation>
        </message>
    </context>
    <context>
        <name>TraceWidget</name>
        <message>
            <source>op %1 %2 at %3</source>
            <translation>算子 %1 %2，位于 %3</translation>
        </message>
        <message>
            <source>op %1 on thread %2 (%3) %4 at %5</source>
            <translation>线程 %2（%3）上的算子 %1 %4，位于 %5</translation>
        </message>
        <message>
            <source>thread %1</source>
            <translation>线程 %1</translation>
        </message>
        <message>
            <source>op %1 of %2: %3 at %4</source>
            <translation>%2 的第 %1 个算子：%3，位于 %4</translation>
        </message>
    </context>
    <context>
        <name>Verdict</name>
        <message>
            <source>Failed: %1</source>
            <translation>失败：%1</translation>
        </message>
        <message>
            <source>No trials recorded</source>
            <translation>没有记录到试验</translation>
        </message>
        <message>
            <source>Bitwise reproducible over %1 trials</source>
            <translation>%1 次试验逐位可复现</translation>
        </message>
        <message>
            <source>%1 distinct outputs over %2 trials</source>
            <translation>%2 次试验中出现 %1 种不同输出</translation>
        </message>
        <message>
            <source>cancelled after %1 of %2</source>
            <translation>已在 %1/%2 次后取消</translation>
        </message>
        <message>
            <source>mean %1 ± %2 (min %3 … max %4), median %5</source>
            <translation>平均 %1 ± %2（最小 %3 … 最大 %4），中位数 %5</translation>
        </message>
        <message>
            <source>every output equals trial 0 bit for bit</source>
            <translation>每次输出都与试验 0 逐位相同</translation>
        </message>
        <message>
            <source>%1 of %2 trials differ from trial 0; max |diff| %3 (%4 ULP), up to %5 elements</source>
            <translation>%2 次试验中有 %1 次与试验 0 不同；最大 |差值| %3（%4 ULP），最多 %5 个元素</translation>
        </message>
        <message>
            <source>float64 reference error %1</source>
            <translation>相对 float64 参考值的误差 %1</translation>
        </message>
        <message>
            <source>deterministic algorithms: %1</source>
            <translation>确定性算法：%1</translation>
        </message>
        <message>
            <source>seed %1</source>
            <translation>种子 %1</translation>
        </message>
        <message>
            <source>seed unset</source>
            <translation>未设置种子</translation>
        </message>
        <message>
            <source>form: %1</source>
            <translation>形式：%1</translation>
        </message>
        <message>
            <source>detbench extensions</source>
            <translation>detbench 扩展</translation>
        </message>
        <message>
            <source>%1 threads</source>
            <translation>%1 个线程</translation>
        </message>
        <message>
            <source>%1× slower</source>
            <translation>慢 %1 倍</translation>
        </message>
        <message>
            <source>%1× faster</source>
            <translation>快 %1 倍</translation>
        </message>
        <message>
            <source>same speed</source>
            <translation>速度相同</translation>
        </message>
        <message>
            <source>%1 (one trial: no spread to show)</source>
            <translation>%1（只有一次试验，没有离散可显示）</translation>
        </message>
        <message>
            <source>Raised in error mode</source>
            <translation>在报错模式下抛出错误</translation>
        </message>
        <message>
            <source>%1 runs on cuBLAS, and deterministic algorithms in PyTorch %2 raise unless CUBLAS_WORKSPACE_CONFIG is :4096:8 or :16:8.</source>
            <translation>%1 在 cuBLAS 上运行；在 PyTorch %2 中，除非 CUBLAS_WORKSPACE_CONFIG 为 :4096:8 或 :16:8，确定性算法会抛出错误。</translation>
        </message>
        <message>
            <source>%1 has no deterministic implementation on %2 in PyTorch %3, and deterministic algorithms are at error, so it raised before any trial.</source>
            <translation>%1 在 PyTorch %3 中没有 %2 上的确定性实现，而确定性算法处于报错模式，所以它在任何试验之前就抛出了错误。</translation>
        </message>
        <message>
            <source>(%1 follows PyTorch's CUDA kernels: the message names the CUDA one.)</source>
            <translation>（%1 遵循 PyTorch 的 CUDA 内核：消息中写的是 CUDA 内核的名字。）</translation>
        </message>
        <message>
            <source>%1 has no deterministic implementation: warn mode let it run, and its output may vary.</source>
            <translation>%1 没有确定性实现：警告模式让它照常运行，其输出可能变化。</translation>
        </message>
        <message>
            <source>cuBLAS ran without CUBLAS_WORKSPACE_CONFIG=:4096:8 or :16:8: warn mode let it run, and its output may vary.</source>
            <translation>cuBLAS 在未设置 CUBLAS_WORKSPACE_CONFIG=:4096:8 或 :16:8 时运行：警告模式让它照常运行，其输出可能变化。</translation>
        </message>
        <message>
            <source>A contrast form PyTorch never runs in deterministic mode ran (warn mode).</source>
            <translation>运行了 PyTorch 在确定性模式下从不运行的对照形式（警告模式）。</translation>
        </message>
        <message>
            <source>Warning: %1</source>
            <translation>警告：%1</translation>
        </message>
        <message>
            <source>%1 warnings: %2</source>
            <translation>%1 条警告：%2</translation>
        </message>
        <message>
            <source>off (False)</source>
            <translation>关闭（False）</translation>
        </message>
        <message>
            <source>warn (True, warn_only=True)</source>
            <translation>警告（True, warn_only=True）</translation>
        </message>
        <message>
            <source>error (True)</source>
            <translation>报错（True）</translation>
        </message>
        <message>
            <source>PyTorch warned while the op ran: %1</source>
            <translation>运行该算子时 PyTorch 发出警告：%1</translation>
        </message>
        <message>
            <source>%1 raised at %2 on %3: it has no deterministic implementation there, and deterministic algorithms are at error, so no trial ran.</source>
            <translation>%1 在 %3 上运行 %2 时报错：它在那里没有确定性实现，而确定性算法设为 error，所以没有运行任何试验。</translation>
        </message>
        <message>
            <source>its default kernel</source>
            <translation>它的默认内核</translation>
        </message>
        <message>
            <source>a switch to its deterministic kernel</source>
            <translation>切换到它的确定性内核</translation>
        </message>
        <message>
            <source>a warning</source>
            <translation>一个警告</translation>
        </message>
        <message>
            <source>an error</source>
            <translation>一个错误</translation>
        </message>
        <message>
            <source>%1 ran it</source>
            <translation>%1 运行了它</translation>
        </message>
        <message>
            <source>%1 ran it and warned</source>
            <translation>%1 运行了它并发出警告</translation>
        </message>
        <message>
            <source>%1 raised</source>
            <translation>%1 报错</translation>
        </message>
        <message>
            <source>%1; the catalog (%2) predicted %3: as predicted.</source>
            <translation>%1；目录（%2）预测的是%3：与预测一致。</translation>
        </message>
        <message>
            <source>%1; the catalog (%2) predicted %3: they disagree. The measurement stands; the catalog's entry may not fit %4.</source>
            <translation>%1；目录（%2）预测的是%3：两者不符。以测量为准；目录的条目可能不适用于 %4。</translation>
        </message>
        <message>
            <source>The outputs varied although the catalog calls this op reproducible here.</source>
            <translation>尽管目录认为该算子在这里可复现，输出仍然发生了变化。</translation>
        </message>
        <message>
            <source>%1's own dispatch (the catalog expects reproducible outputs)</source>
            <translation>%1 自己的分派（目录预期输出可复现）</translation>
        </message>
        <message>
            <source>%1's own dispatch (the catalog expects outputs that may vary)</source>
            <translation>%1 自己的分派（目录预期输出可能变化）</translation>
        </message>
        <message>
            <source>sequential</source>
            <translation>顺序</translation>
        </message>
        <message>
            <source>atomic</source>
            <translation>原子</translation>
        </message>
        <message>
            <source>deterministic</source>
            <translation>确定性</translation>
        </message>
        <message>
            <source>(detbench extension)</source>
            <translation>（detbench 扩展）</translation>
        </message>
        <message>
            <source>(contrast: not PyTorch's default)</source>
            <translation>（对照：不是 PyTorch 的默认实现）</translation>
        </message>
        <message>
            <source>The outputs varied because no seed was set: a random op repeats only from the same seed (Settings, Seed).</source>
            <translation>输出有变化，因为没有设置种子：随机算子只有在相同的种子下才会重复（设置，种子）。</translation>
        </message>
        <message>
            <source>no clear difference (the middle halves of the times overlap)</source>
            <translation>没有明显差别（两者时间的中间一半相互重叠）</translation>
        </message>
        <message>
            <source>%1 (%2–%3×)</source>
            <translation>%1（%2–%3×）</translation>
        </message>
        <message>
            <source>warn mode</source>
            <translation>警告模式</translation>
        </message>
        <message>
            <source>error mode</source>
            <translation>报错模式</translation>
        </message>
        <message>
            <source>defaults</source>
            <translation>默认设置</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::AlgorithmPlotWidget</name>
        <message>
            <source>Algorithm chosen per trial</source>
            <translation>每次试验选择的算法</translation>
        </message>
        <message>
            <source>this op has no algorithm choice</source>
            <translation>此运算没有算法选择</translation>
        </message>
        <message>
            <source>algorithm</source>
            <translation>算法</translation>
        </message>
        <message>
            <source>trial</source>
            <translation>试验</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::CatalogChangesWidget</name>
        <message>
            <source>runs as is</source>
            <translation>照常运行</translation>
        </message>
        <message>
            <source>switches to deterministic</source>
            <translation>切换为确定性实现</translation>
        </message>
        <message>
            <source>raises</source>
            <translation>抛出异常</translation>
        </message>
        <message>
            <source>yes</source>
            <translation>是</translation>
        </message>
        <message>
            <source>no</source>
            <translation>否</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>What changed for cuda and cpu-threads since PyTorch</source>
            <translation>cuda 和 cpu-threads 自以下 PyTorch 版本以来的变化：</translation>
        </message>
        <message>
            <source>The settings follow PyTorch %1: choose an older release to compare.</source>
            <translation>设置按 PyTorch %1：请选择一个更早的版本来比较。</translation>
        </message>
        <message>
            <source>Nothing changed for the catalog's ops from PyTorch %1 to %2.</source>
            <translation>从 PyTorch %1 到 %2，目录中的算子没有变化。</translation>
        </message>
        <message>
            <source>deterministic mode: %1 → %2</source>
            <translation>确定性模式：%1 → %2</translation>
        </message>
        <message>
            <source>alert caller: %1 → %2</source>
            <translation>警报调用者：%1 → %2</translation>
        </message>
        <message>
            <source>CUBLAS_WORKSPACE_CONFIG checked: %1 → %2</source>
            <translation>检查 CUBLAS_WORKSPACE_CONFIG：%1 → %2</translation>
        </message>
        <message>
            <source>in %1</source>
            <translation>于 %1</translation>
        </message>
        <message>
            <source>The older release; the newer is the one the settings follow.</source>
            <translation>较早的版本；较新的版本是设置所按的版本。</translation>
        </message>
        <message>
            <source>detbench extension: %1 → %2</source>
            <translation>detbench 扩展：%1 → %2</translation>
        </message>
        <message>
            <source>nondeterministic by default: %1 → %2</source>
            <translation>默认是否非确定性：%1 → %2</translation>
        </message>
        <message>
            <source>docstring: no longer names it on CUDA</source>
            <translation>文档字符串：不再列出它在 CUDA 上的行为</translation>
        </message>
        <message>
            <source>docstring: %1</source>
            <translation>文档字符串：%1</translation>
        </message>
        <message>
            <source>MPS (not a detbench device): %1</source>
            <translation>MPS（不是 detbench 的设备）：%1</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1：%2</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::ComparePlotWidget</name>
        <message>
            <source>raised</source>
            <translation>抛出异常</translation>
        </message>
        <message>
            <source>baseline</source>
            <translation>基准</translation>
        </message>
        <message>
            <source>Variance and speed per configuration</source>
            <translation>各配置的差异与速度</translation>
        </message>
        <message>
            <source>distinct outputs</source>
            <translation>不同输出数</translation>
        </message>
        <message>
            <source>reproducible</source>
            <translation>可复现</translation>
        </message>
        <message>
            <source>outputs vary</source>
            <translation>输出有变化</translation>
        </message>
        <message>
            <source>time per trial (%1)</source>
            <translation>每次试验耗时（%1）</translation>
        </message>
        <message>
            <source>no clear
difference</source>
            <translation>无明显
差别</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::CompareWidget</name>
        <message>
            <source>custom %1</source>
            <translation>自定义 %1</translation>
        </message>
        <message>
            <source>running: %1 trials</source>
            <translation>运行中：%1 次试验</translation>
        </message>
        <message>
            <source>waiting</source>
            <translation>等待中</translation>
        </message>
        <message>
            <source>Add current settings</source>
            <translation>添加当前设置</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>移除</translation>
        </message>
        <message>
            <source>Baseline</source>
            <translation>基准</translation>
        </message>
        <message>
            <source>Run comparison</source>
            <translation>运行对比</translation>
        </message>
        <message>
            <source>Configuration</source>
            <translation>配置</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>结论</translation>
        </message>
        <message>
            <source>Distinct outputs</source>
            <translation>不同输出数</translation>
        </message>
        <message>
            <source>Median time</source>
            <translation>中位耗时</translation>
        </message>
        <message>
            <source>Warnings</source>
            <translation>警告</translation>
        </message>
        <message>
            <source>PyTorch's defaults: deterministic algorithms off, cuDNN benchmark off.</source>
            <translation>PyTorch 的默认设置：确定性算法关闭，cuDNN benchmark 关闭。</translation>
        </message>
        <message>
            <source>torch.use_deterministic_algorithms(True): ops switch to a deterministic kernel, or raise where PyTorch has none.</source>
            <translation>torch.use_deterministic_algorithms(True)：算子换用确定性内核；PyTorch 没有时则抛出错误。</translation>
        </message>
        <message>
            <source>use_deterministic_algorithms(True, warn_only=True): where PyTorch has no deterministic kernel, the op warns and runs.</source>
            <translation>use_deterministic_algorithms(True, warn_only=True)：PyTorch 没有确定性内核时，算子给出警告后照常运行。</translation>
        </message>
        <message>
            <source>Deterministic algorithms, with detbench's own deterministic kernels where PyTorch has none (not PyTorch's behaviour).</source>
            <translation>确定性算法，并在 PyTorch 没有确定性内核时使用 detbench 自己的（不是 PyTorch 的行为）。</translation>
        </message>
        <message>
            <source>A contrast, not PyTorch's behaviour: the float-atomic form even where PyTorch's default is deterministic.</source>
            <translation>对照，不是 PyTorch 的行为：即使 PyTorch 默认是确定的，也使用浮点原子形式。</translation>
        </message>
        <message>
            <source>torch.backends.cudnn.benchmark = True: cuDNN times its algorithms and keeps the fastest (convolutions).</source>
            <translation>torch.backends.cudnn.benchmark = True：cuDNN 为各算法计时并保留最快的（卷积）。</translation>
        </message>
        <message>
            <source>torch.backends.cudnn.deterministic = True: only the algorithms cuDNN marks deterministic (convolutions).</source>
            <translation>torch.backends.cudnn.deterministic = True：只用 cuDNN 标为确定性的算法（卷积）。</translation>
        </message>
        <message>
            <source>made: %1</source>
            <translation>已运行：%1</translation>
        </message>
        <message>
            <source>A run already made on these inputs: compared as it is, not run again.</source>
            <translation>在这些输入上已经做过的运行：按原样参与比较，不再重新运行。</translation>
        </message>
        <message>
            <source>Made with other inputs (op, parameters, device or data seed): it cannot join this comparison.</source>
            <translation>用其他输入（算子、参数、设备或数据种子）做的运行：不能加入这次比较。</translation>
        </message>
        <message>
            <source>Your settings, added with "Add current settings".</source>
            <translation>你的设置，由“添加当前设置”加入。</translation>
        </message>
        <message>
            <source>Point at or select a configuration to see what it sets.</source>
            <translation>指向或选中一个配置，查看它设置了什么。</translation>
        </message>
        <message>
            <source>baseline</source>
            <translation>基准</translation>
        </message>
        <message>
            <source>Configurations to compare, all on the same inputs. Default against deterministic is the usual question; select one to see what it sets.</source>
            <translation>要比较的配置，全部使用相同的输入。通常要问的是默认对确定性；选中一个查看它设置了什么。</translation>
        </message>
        <message>
            <source>Speed vs baseline</source>
            <translation>相对基准的速度</translation>
        </message>
        <message>
            <source>The median time against the baseline's; in brackets the range from the quartiles of one run's times to the other's. Where the middle halves of the times overlap, there is no clear difference.</source>
            <translation>中位耗时与基准的中位耗时之比；括号内是从一次运行耗时的四分位数到另一次运行四分位数的范围。两者耗时的中间一半相互重叠时，没有明显差别。</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::DecoderDivergencePlotWidget</name>
        <message>
            <source>%1 (alone)</source>
            <translation>%1（单独）</translation>
        </message>
        <message>
            <source>token flips: logit gap %1</source>
            <translation>token 翻转：logit 差 %1</translation>
        </message>
        <message>
            <source>When does the prompt's output change with its batch?</source>
            <translation>提示的输出何时随所在批次改变？</translation>
        </message>
        <message>
            <source>batch size the prompt was generated in</source>
            <translation>生成该提示时的批大小</translation>
        </message>
        <message>
            <source>generation step</source>
            <translation>生成步</translation>
        </message>
        <message>
            <source>circles: default kernels; squares: batch-invariant kernels</source>
            <translation>圆点：默认内核；方块：批不变内核</translation>
        </message>
        <message>
            <source>the same logits as alone, to the last step</source>
            <translation>直到最后一步 logits 都与单独生成时相同</translation>
        </message>
        <message>
            <source>first step with other logits</source>
            <translation>logits 首次不同的步</translation>
        </message>
        <message>
            <source>first other token</source>
            <translation>首个不同的 token</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::DemoController</name>
        <message>
            <source>A demo is already running.</source>
            <translation>已有演示正在运行。</translation>
        </message>
        <message>
            <source>No demo is chosen.</source>
            <translation>没有选择演示。</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::DemosWidget</name>
        <message>
            <source>(GPU)</source>
            <translation>（GPU）</translation>
        </message>
        <message>
            <source>This demo is about a GPU. Without one it runs on cpu-threads, which shows the same effect with CPU threads.</source>
            <translation>这个演示讲的是 GPU。没有 GPU 时它在 cpu-threads 上运行，用 CPU 线程展示同样的效果。</translation>
        </message>
        <message>
            <source>What to expect:</source>
            <translation>预期结果：</translation>
        </message>
        <message>
            <source>Command line: detbench demo %1</source>
            <translation>命令行：detbench demo %1</translation>
        </message>
        <message>
            <source>Running…</source>
            <translation>正在运行…</translation>
        </message>
        <message>
            <source>Running: %1 (%2 of %3)</source>
            <translation>正在运行：%1（%2/%3）</translation>
        </message>
        <message>
            <source>%1 in %2</source>
            <translation>%2 次中 %1 个</translation>
        </message>
        <message>
            <source>warning: %1</source>
            <translation>警告：%1</translation>
        </message>
        <message>
            <source>No GPU here: ran on cpu-threads.</source>
            <translation>这里没有 GPU：已在 cpu-threads 上运行。</translation>
        </message>
        <message>
            <source>Cancelled.</source>
            <translation>已取消。</translation>
        </message>
        <message>
            <source>As expected.</source>
            <translation>与预期一致。</translation>
        </message>
        <message>
            <source>Not as the text says: see the marks above.</source>
            <translation>与说明不符：请看上面的标记。</translation>
        </message>
        <message>
            <source>Finished on %1.</source>
            <translation>已在 %1 上完成。</translation>
        </message>
        <message>
            <source>Run demo</source>
            <translation>运行演示</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Export…</source>
            <translation>导出…</translation>
        </message>
        <message>
            <source>run</source>
            <translation>运行</translation>
        </message>
        <message>
            <source>op @ device</source>
            <translation>算子 @ 设备</translation>
        </message>
        <message>
            <source>distinct outputs</source>
            <translation>不同输出数</translation>
        </message>
        <message>
            <source>median time</source>
            <translation>时间中位数</translation>
        </message>
        <message>
            <source>note</source>
            <translation>备注</translation>
        </message>
        <message>
            <source>Check my seeding recipe…</source>
            <translation>检查我的种子配方…</translation>
        </message>
        <message>
            <source>PYTHONHASHSEED</source>
            <translation>PYTHONHASHSEED</translation>
        </message>
        <message>
            <source>list(set(...)) in CPython %1</source>
            <translation>CPython %1 中的 list(set(...))</translation>
        </message>
        <message>
            <source>unset, interpreter %1</source>
            <translation>未设置，第 %1 个解释器</translation>
        </message>
        <message>
            <source>os.environ in the script, interpreter %1</source>
            <translation>在脚本中用 os.environ 设置，第 %1 个解释器</translation>
        </message>
        <message>
            <source>=0 before the start, interpreter %1</source>
            <translation>启动前设为 0，第 %1 个解释器</translation>
        </message>
        <message>
            <source>Finished.</source>
            <translation>已完成。</translation>
        </message>
        <message>
            <source>process %1: %2</source>
            <translation>进程 %1：%2</translation>
        </message>
        <message>
            <source>after np.random.seed(%1)</source>
            <translation>调用 np.random.seed(%1) 之后</translation>
        </message>
        <message>
            <source>values</source>
            <translation>取值</translation>
        </message>
        <message>
            <source>first numbers: %1 …</source>
            <translation>前几个数：%1 …</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::DeviceSelectorWidget</name>
        <message>
            <source>Sequential reference with PyTorch's CPU semantics</source>
            <translation>顺序参考实现，遵循 PyTorch 的 CPU 语义</translation>
        </message>
        <message>
            <source>Follows PyTorch's CUDA kernels: float atomics where PyTorch has them</source>
            <translation>遵循 PyTorch 的 CUDA 内核：PyTorch 使用浮点原子操作之处亦然</translation>
        </message>
        <message>
            <source>%1 (unavailable)</source>
            <translation>%1（不可用）</translation>
        </message>
        <message>
            <source>%1 is unavailable: %2</source>
            <translation>%1 不可用：%2</translation>
        </message>
        <message>
            <source>%1 on %2 (ssh)…</source>
            <translation>%2 上的 %1（ssh）…</translation>
        </message>
        <message>
            <source>Runs on %1 of %2, through ssh.</source>
            <translation>通过 ssh 在 %2 的 %1 上运行。</translation>
        </message>
        <message>
            <source>Unavailable here: %1 (point at it for the reason)</source>
            <translation>此处不可用：%1（指向它查看原因）</translation>
        </message>
        <message>
            <source>%1 on %2 (Slurm)…</source>
            <translation>%2 上的 %1（Slurm）…</translation>
        </message>
        <message>
            <source>Remote host or Slurm cluster…</source>
            <translation>远程主机或 Slurm 集群…</translation>
        </message>
        <message>
            <source>Run on a device of another machine, through ssh or as a Slurm job</source>
            <translation>通过 ssh 或作为 Slurm 作业，在另一台机器的设备上运行</translation>
        </message>
        <message>
            <source>Runs on %1 of %2, as a Slurm job.</source>
            <translation>作为 Slurm 作业，在 %2 的 %1 上运行。</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::DiffPlotWidget</name>
        <message>
            <source>max |diff| vs trial 0</source>
            <translation>相对试验 0 的最大 |差值|</translation>
        </message>
        <message>
            <source>trial</source>
            <translation>试验</translation>
        </message>
        <message>
            <source>max |diff| (log)</source>
            <translation>最大 |差值|（对数）</translation>
        </message>
        <message>
            <source>Max |diff| against trial 0</source>
            <translation>相对试验 0 的最大 |差值|</translation>
        </message>
        <message>
            <source>%1 of %2 trials identical to trial 0</source>
            <translation>%2 次试验中有 %1 次与试验 0 相同</translation>
        </message>
        <message>
            <source>%1 with NaN or inf</source>
            <translation>%1 次含 NaN 或 inf</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::DistinctPlotWidget</name>
        <message>
            <source>Distinct outputs so far</source>
            <translation>目前为止的不同输出数</translation>
        </message>
        <message>
            <source>distinct outputs</source>
            <translation>不同输出数</translation>
        </message>
        <message>
            <source>trial</source>
            <translation>试验</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::EnvironmentWidget</name>
        <message>
            <source>Item</source>
            <translation>项目</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>取值</translation>
        </message>
        <message>
            <source>detbench</source>
            <translation>detbench</translation>
        </message>
        <message>
            <source>version</source>
            <translation>版本</translation>
        </message>
        <message>
            <source>git revision</source>
            <translation>git 版本</translation>
        </message>
        <message>
            <source>build type</source>
            <translation>构建类型</translation>
        </message>
        <message>
            <source>compiler</source>
            <translation>编译器</translation>
        </message>
        <message>
            <source>host</source>
            <translation>主机</translation>
        </message>
        <message>
            <source>name</source>
            <translation>名称</translation>
        </message>
        <message>
            <source>operating system</source>
            <translation>操作系统</translation>
        </message>
        <message>
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <source>logical cores</source>
            <translation>逻辑核心数</translation>
        </message>
        <message>
            <source>(unset)</source>
            <translation>（未设置）</translation>
        </message>
        <message>
            <source>libraries</source>
            <translation>库</translation>
        </message>
        <message>
            <source>devices</source>
            <translation>设备</translation>
        </message>
        <message>
            <source>available</source>
            <translation>可用</translation>
        </message>
        <message>
            <source>unavailable</source>
            <translation>不可用</translation>
        </message>
        <message>
            <source>reason</source>
            <translation>原因</translation>
        </message>
        <message>
            <source>(not recorded)</source>
            <translation>（未记录）</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::HelpDialog</name>
        <message>
            <source>Guide: from what you see to what to set</source>
            <translation>指南：从看到的现象到该设置什么</translation>
        </message>
        <message>
            <source>Glossary</source>
            <translation>术语表</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::InvarianceController</name>
        <message>
            <source>An invariance run is already in progress.</source>
            <translation>已有一次不变性运行正在进行。</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::InvariancePlotWidget</name>
        <message>
            <source>Does a row's result depend on its batch?</source>
            <translation>一行的结果是否取决于它所在的批次？</translation>
        </message>
        <message>
            <source>Does the result depend on the configuration?</source>
            <translation>结果是否取决于配置？</translation>
        </message>
        <message>
            <source>batch size (rows)</source>
            <translation>批大小（行数）</translation>
        </message>
        <message>
            <source>threads</source>
            <translation>线程数</translation>
        </message>
        <message>
            <source>device</source>
            <translation>设备</translation>
        </message>
        <message>
            <source>identical (0 ULP)</source>
            <translation>完全相同（0 ULP）</translation>
        </message>
        <message>
            <source>default form: identical</source>
            <translation>默认形式：完全相同</translation>
        </message>
        <message>
            <source>identical</source>
            <translation>完全相同</translation>
        </message>
        <message>
            <source>default form: differs</source>
            <translation>默认形式：不同</translation>
        </message>
        <message>
            <source>differs</source>
            <translation>不同</translation>
        </message>
        <message>
            <source>batch-invariant form: identical</source>
            <translation>批不变形式：完全相同</translation>
        </message>
        <message>
            <source>batch-invariant form: differs</source>
            <translation>批不变形式：不同</translation>
        </message>
        <message>
            <source>default form</source>
            <translation>默认形式</translation>
        </message>
        <message>
            <source>batch-invariant form</source>
            <translation>批不变形式</translation>
        </message>
        <message>
            <source>max ULP, row 0 vs alone</source>
            <translation>第 0 行最大 ULP（对单独）</translation>
        </message>
        <message>
            <source>max ULP vs the first</source>
            <translation>最大 ULP，与第一个相比</translation>
        </message>
        <message>
            <source>time per row (µs)</source>
            <translation>每行耗时（µs）</translation>
        </message>
        <message>
            <source>time per trial (µs)</source>
            <translation>每次试验耗时（µs）</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::InvarianceWidget</name>
        <message>
            <source>Running: 0 of %1 configurations…</source>
            <translation>正在运行：%1 个配置中的 0 个…</translation>
        </message>
        <message>
            <source>Running: %1 of %2 configurations (%3 done)…</source>
            <translation>正在运行：%2 个配置中的 %1 个（%3 已完成）…</translation>
        </message>
        <message>
            <source>The list has an empty item: '%1'.</source>
            <translation>列表中有空项：'%1'。</translation>
        </message>
        <message>
            <source>'%1' is not a whole number of 1 or more.</source>
            <translation>'%1' 不是大于等于 1 的整数。</translation>
        </message>
        <message>
            <source>Thread counts go up to %1, not %2.</source>
            <translation>线程数最多为 %1，不能是 %2。</translation>
        </message>
        <message>
            <source>An invariance run is already in progress.</source>
            <translation>已有一次不变性运行正在进行。</translation>
        </message>
        <message>
            <source>Cancelled: the configurations that ran are shown.</source>
            <translation>已取消：显示已运行的配置。</translation>
        </message>
        <message>
            <source>Finished.</source>
            <translation>已完成。</translation>
        </message>
        <message>
            <source>&lt;b&gt;not guaranteed&lt;/b&gt;: some configuration does not repeat its own output</source>
            <translation>&lt;b&gt;无保证&lt;/b&gt;：某个配置无法复现自己的输出</translation>
        </message>
        <message>
            <source>&lt;b&gt;run to run&lt;/b&gt; only: each batch size repeats, but a row's bits change with the batch it is in</source>
            <translation>仅 &lt;b&gt;多次运行间可复现&lt;/b&gt;：每个批大小都能复现，但一行的比特随它所在的批次而变</translation>
        </message>
        <message>
            <source>&lt;b&gt;run to run&lt;/b&gt; only: each configuration repeats, but the bits change between them</source>
            <translation>仅 &lt;b&gt;多次运行间可复现&lt;/b&gt;：每个配置都能复现，但不同配置之间比特不同</translation>
        </message>
        <message>
            <source>&lt;b&gt;batch invariant&lt;/b&gt;: every row has the same bits at every batch size</source>
            <translation>&lt;b&gt;批不变&lt;/b&gt;：每一行在每个批大小下比特都相同</translation>
        </message>
        <message>
            <source>&lt;b&gt;thread-count invariant&lt;/b&gt;: the same bits at every thread count</source>
            <translation>&lt;b&gt;线程数不变&lt;/b&gt;：每个线程数下比特都相同</translation>
        </message>
        <message>
            <source>&lt;b&gt;device invariant&lt;/b&gt;: the same bits on every device</source>
            <translation>&lt;b&gt;设备不变&lt;/b&gt;：每个设备上比特都相同</translation>
        </message>
        <message>
            <source>Measured</source>
            <translation>测得</translation>
        </message>
        <message>
            <source>Batch-invariant form</source>
            <translation>批不变形式</translation>
        </message>
        <message>
            <source>Default form</source>
            <translation>默认形式</translation>
        </message>
        <message>
            <source>batch-invariant</source>
            <translation>批不变</translation>
        </message>
        <message>
            <source>default</source>
            <translation>默认</translation>
        </message>
        <message>
            <source>repeats</source>
            <translation>可复现</translation>
        </message>
        <message>
            <source>%1 outputs in %2</source>
            <translation>%2 次中 %1 个输出</translation>
        </message>
        <message>
            <source>identical</source>
            <translation>完全相同</translation>
        </message>
        <message>
            <source>%1 elements differ, max %2 ULP</source>
            <translation>%1 个元素不同，最大 %2 ULP</translation>
        </message>
        <message>
            <source>(reference)</source>
            <translation>（基准）</translation>
        </message>
        <message>
            <source>Compare:</source>
            <translation>比较：</translation>
        </message>
        <message>
            <source>Batch sizes (first rows of the batch)</source>
            <translation>批大小（批次的前若干行）</translation>
        </message>
        <message>
            <source>Thread counts (cpu-threads)</source>
            <translation>线程数（cpu-threads）</translation>
        </message>
        <message>
            <source>Devices</source>
            <translation>设备</translation>
        </message>
        <message>
            <source>List:</source>
            <translation>列表：</translation>
        </message>
        <message>
            <source>Batch sizes such as 1,2,4,8 or auto (1, 2, 3, 4, 8, 16, … up to the full batch); thread counts such as 1,2,4,8; devices such as cpu,cpu-threads,cuda</source>
            <translation>批大小，如 1,2,4,8 或 auto（1、2、3、4、8、16、…直到完整批次）；线程数，如 1,2,4,8；设备，如 cpu,cpu-threads,cuda</translation>
        </message>
        <message>
            <source>Also the batch-invariant form</source>
            <translation>同时运行批不变形式</translation>
        </message>
        <message>
            <source>Run the op a second time with batch_invariant = 1 (ops that have it: matmul, rms_norm, softmax)</source>
            <translation>以 batch_invariant = 1 再运行一次该算子（支持它的算子：matmul、rms_norm、softmax）</translation>
        </message>
        <message>
            <source>Run invariance</source>
            <translation>运行不变性检查</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>form</source>
            <translation>形式</translation>
        </message>
        <message>
            <source>configuration</source>
            <translation>配置</translation>
        </message>
        <message>
            <source>run to run</source>
            <translation>多次运行</translation>
        </message>
        <message>
            <source>median time</source>
            <translation>时间中位数</translation>
        </message>
        <message>
            <source>per row</source>
            <translation>每行</translation>
        </message>
        <message>
            <source>against the first (full batch)</source>
            <translation>与第一个（完整批次）相比</translation>
        </message>
        <message>
            <source>row 0 against the row alone</source>
            <translation>第 0 行与单独计算相比</translation>
        </message>
        <message>
            <source>Runs the op of the form on the same inputs at several batch sizes, thread counts or devices and compares the bits. A served model's answer can change with what else is in its batch: see whether this op does.</source>
            <translation>在相同输入上，以多个批大小、线程数或设备运行表单中的算子，并比较比特。在线服务的模型，其回答可能随同批的其他请求而改变：看看这个算子是否如此。</translation>
        </message>
        <message>
            <source>1 row</source>
            <translation>1 行</translation>
        </message>
        <message>
            <source>%1 rows</source>
            <translation>%1 行</translation>
        </message>
        <message>
            <source>Also among other rows</source>
            <translation>同时放在其他行之间</translation>
        </message>
        <message>
            <source>Run each batch size a second time with row 0 among other rows (made from another data seed) and compare row 0: does a row depend on what its neighbours hold, not only on how many there are?</source>
            <translation>每个批大小再运行一次，让第 0 行处于其他行（由另一个数据种子生成）之间，并比较第 0 行：一行是否取决于相邻行的内容，而不仅是相邻行的数量？</translation>
        </message>
        <message>
            <source>row 0 among other rows</source>
            <translation>第 0 行处于其他行之间</translation>
        </message>
        <message>
            <source>Ran on %1 (%2).</source>
            <translation>已在 %1 上运行（%2）。</translation>
        </message>
        <message>
            <source>Stopped early: %1</source>
            <translation>提前停止：%1</translation>
        </message>
        <message>
            <source>&lt;b&gt;nothing measured&lt;/b&gt;: the run did not finish, and the guarantee needs every configuration</source>
            <translation>&lt;b&gt;未测得任何结论&lt;/b&gt;：运行没有完成，而保证级别需要所有配置都运行完</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::LoaderHeatMapPlotWidget</name>
        <message>
            <source>no seed</source>
            <translation>不设种子</translation>
        </message>
        <message>
            <source>manual_seed only</source>
            <translation>仅 manual_seed</translation>
        </message>
        <message>
            <source>generator + worker_init_fn</source>
            <translation>generator + worker_init_fn</translation>
        </message>
        <message>
            <source>%1, run %2</source>
            <translation>%1，第 %2 次运行</translation>
        </message>
        <message>
            <source>What changed against run 1 (light: nothing, orange: augmentations, red: order)</source>
            <translation>与第 1 次运行相比的变化（浅色：无变化，橙色：数据增强，红色：顺序）</translation>
        </message>
        <message>
            <source>batch</source>
            <translation>批次</translation>
        </message>
        <message>
            <source>order changed</source>
            <translation>顺序变了</translation>
        </message>
        <message>
            <source>augmentations changed</source>
            <translation>数据增强变了</translation>
        </message>
        <message>
            <source>identical</source>
            <translation>完全相同</translation>
        </message>
        <message>
            <source>batch %1: %2</source>
            <translation>批次 %1：%2</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::LogWidget</name>
        <message>
            <source>warning</source>
            <translation>警告</translation>
        </message>
        <message>
            <source>error</source>
            <translation>错误</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::MainWindow</name>
        <message>
            <source>About detbench</source>
            <translation>关于 detbench</translation>
        </message>
        <message>
            <source>Run</source>
            <translation>运行</translation>
        </message>
        <message>
            <source>Compare</source>
            <translation>对比</translation>
        </message>
        <message>
            <source>Op catalog</source>
            <translation>运算目录</translation>
        </message>
        <message>
            <source>Op and device</source>
            <translation>运算与设备</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <source>Log</source>
            <translation>日志</translation>
        </message>
        <message>
            <source>Environment</source>
            <translation>环境</translation>
        </message>
        <message>
            <source>Untitled</source>
            <translation>未命名</translation>
        </message>
        <message>
            <source>Cannot open project</source>
            <translation>无法打开项目</translation>
        </message>
        <message>
            <source>No device can run here.</source>
            <translation>此处没有可运行的设备。</translation>
        </message>
        <message>
            <source>Check at least one configuration to compare.</source>
            <translation>请至少勾选一个要对比的配置。</translation>
        </message>
        <message>
            <source>Run: %1 on %2, %3 trials</source>
            <translation>运行：%1，设备 %2，%3 次试验</translation>
        </message>
        <message>
            <source>Compare: %1 on %2 under %3</source>
            <translation>对比：%1，设备 %2，配置 %3</translation>
        </message>
        <message>
            <source>%1 trials/s</source>
            <translation>%1 次试验/秒</translation>
        </message>
        <message>
            <source>Cancelled.</source>
            <translation>已取消。</translation>
        </message>
        <message>
            <source>Cancelled</source>
            <translation>已取消</translation>
        </message>
        <message>
            <source>Done</source>
            <translation>完成</translation>
        </message>
        <message>
            <source>The run could not start</source>
            <translation>无法开始运行</translation>
        </message>
        <message>
            <source>The project's device %1 cannot run here; using %2.</source>
            <translation>项目的设备 %1 无法在此运行；改用 %2。</translation>
        </message>
        <message>
            <source>Opened %1</source>
            <translation>已打开 %1</translation>
        </message>
        <message>
            <source>Unsaved changes</source>
            <translation>未保存的更改</translation>
        </message>
        <message>
            <source>Save the changes to this project?</source>
            <translation>是否保存对此项目的更改？</translation>
        </message>
        <message>
            <source>Open project</source>
            <translation>打开项目</translation>
        </message>
        <message>
            <source>detbench projects (*.detbench)</source>
            <translation>detbench 项目 (*.detbench)</translation>
        </message>
        <message>
            <source>Save project</source>
            <translation>保存项目</translation>
        </message>
        <message>
            <source>Cannot save project</source>
            <translation>无法保存项目</translation>
        </message>
        <message>
            <source>Saved %1</source>
            <translation>已保存 %1</translation>
        </message>
        <message>
            <source>Nothing to export</source>
            <translation>没有可导出的内容</translation>
        </message>
        <message>
            <source>Run the op (or a comparison) first.</source>
            <translation>请先运行该运算（或一次对比）。</translation>
        </message>
        <message>
            <source>HTML (*.html);;PDF (*.pdf);;Markdown (*.md);;JSON (*.json);;CSV of the trials (*.csv)</source>
            <translation>HTML (*.html);;PDF (*.pdf);;Markdown (*.md);;JSON (*.json);;试验 CSV (*.csv)</translation>
        </message>
        <message>
            <source>Cannot export</source>
            <translation>无法导出</translation>
        </message>
        <message>
            <source>Choose a file ending in .html, .pdf, .md, .json or .csv.</source>
            <translation>请选择以 .html、.pdf、.md、.json 或 .csv 结尾的文件。</translation>
        </message>
        <message>
            <source>Exported %1</source>
            <translation>已导出 %1</translation>
        </message>
        <message>
            <source>Export plots to folder</source>
            <translation>将图表导出到文件夹</translation>
        </message>
        <message>
            <source>Cannot write %1: %2</source>
            <translation>无法写入 %1：%2</translation>
        </message>
        <message>
            <source>Exported %1 plots to %2</source>
            <translation>已将 %1 张图表导出到 %2</translation>
        </message>
        <message>
            <source>The report is on the clipboard as Markdown.</source>
            <translation>报告已作为 Markdown 复制到剪贴板。</translation>
        </message>
        <message>
            <source>Recover unsaved work?</source>
            <translation>恢复未保存的工作？</translation>
        </message>
        <message>
            <source>detbench did not close cleanly last time. Recover the work autosaved at %1?</source>
            <translation>detbench 上次没有正常关闭。是否恢复 %1 自动保存的工作？</translation>
        </message>
        <message>
            <source>Recovered the autosaved work from %1</source>
            <translation>已恢复 %1 自动保存的工作</translation>
        </message>
        <message>
            <source>Demos</source>
            <translation>演示</translation>
        </message>
        <message>
            <source>Wait for the run in progress, or cancel it.</source>
            <translation>请等待正在进行的运行结束，或取消它。</translation>
        </message>
        <message>
            <source>Demo %1 on %2: %3</source>
            <translation>演示 %1（%2）：%3</translation>
        </message>
        <message>
            <source>cancelled</source>
            <translation>已取消</translation>
        </message>
        <message>
            <source>as expected</source>
            <translation>与预期一致</translation>
        </message>
        <message>
            <source>not as the text says</source>
            <translation>与说明不符</translation>
        </message>
        <message>
            <source>The demo could not run</source>
            <translation>演示无法运行</translation>
        </message>
        <message>
            <source>Export demo</source>
            <translation>导出演示</translation>
        </message>
        <message>
            <source>Markdown (*.md);;JSON with every number (*.json)</source>
            <translation>Markdown (*.md);;包含全部数字的 JSON (*.json)</translation>
        </message>
        <message>
            <source>A run is already in progress.</source>
            <translation>已有运行正在进行。</translation>
        </message>
        <message>
            <source>A demo is already running.</source>
            <translation>已有演示正在运行。</translation>
        </message>
        <message>
            <source>There is no demo named %1.</source>
            <translation>没有名为 %1 的演示。</translation>
        </message>
        <message>
            <source>&lt;b&gt;detbench&lt;/b&gt; %1&lt;br&gt;A workbench for determinism on GPUs and CPUs: run an op many times on identical inputs and see how its outputs vary and what determinism costs.&lt;br&gt;&lt;br&gt;Settings mean what they mean in the PyTorch release chosen in the settings panel (the catalog holds %2 to %3).</source>
            <translation>&lt;b&gt;detbench&lt;/b&gt; %1&lt;br&gt;GPU 与 CPU 上的确定性工作台：在相同的输入上多次运行一个算子，看它的输出如何变化、确定性要付出什么代价。&lt;br&gt;&lt;br&gt;各项设置的含义与设置面板中所选 PyTorch 版本中的相同（目录涵盖 %2 到 %3）。</translation>
        </message>
        <message>
            <source>Release changes</source>
            <translation>版本变化</translation>
        </message>
        <message>
            <source>Cannot export for PyTorch</source>
            <translation>无法导出给 PyTorch</translation>
        </message>
        <message>
            <source>This run cannot be repeated in PyTorch: %1</source>
            <translation>这次运行无法在 PyTorch 中重复：%1</translation>
        </message>
        <message>
            <source>Export for PyTorch: choose an empty folder</source>
            <translation>导出给 PyTorch：请选择一个空文件夹</translation>
        </message>
        <message>
            <source>Wrote %1 and the inputs for %2 (%3); run it with: python3 %1</source>
            <translation>已写出 %1 以及 %2（%3）的输入；运行方法：python3 %1</translation>
        </message>
        <message>
            <source>Invariance</source>
            <translation>不变性</translation>
        </message>
        <message>
            <source>Run an invariance check first.</source>
            <translation>请先运行一次不变性检查。</translation>
        </message>
        <message>
            <source>Export invariance report</source>
            <translation>导出不变性报告</translation>
        </message>
        <message>
            <source>HTML (*.html);;PDF (*.pdf);;Markdown (*.md);;JSON (*.json);;CSV of the configurations (*.csv)</source>
            <translation>HTML (*.html);;PDF (*.pdf);;Markdown (*.md);;JSON (*.json);;各配置的 CSV (*.csv)</translation>
        </message>
        <message>
            <source>%1 on %2</source>
            <translation>%2 上的 %1</translation>
        </message>
        <message>
            <source>Connecting to %1 through ssh (waiting at most %2 s)…</source>
            <translation>正在通过 ssh 连接 %1（最多等待 %2 秒）…</translation>
        </message>
        <message>
            <source>Ran on %1 (%2); the Environment panel shows that machine.</source>
            <translation>已在 %1 上运行（%2）；“环境”面板显示的是那台机器。</translation>
        </message>
        <message>
            <source>The project runs on %1 of %2 through ssh (detbench there: %3).</source>
            <translation>该项目通过 ssh 在 %2 的 %1 上运行（那边的 detbench：%3）。</translation>
        </message>
        <message>
            <source>Demos run on this machine; to run this one on %1: detbench demo %2 --host %1</source>
            <translation>演示在本机运行；要在 %1 上运行这个演示：detbench demo %2 --host %1</translation>
        </message>
        <message>
            <source>Compare: %1, runs already made: %2</source>
            <translation>比较：%1，已做过的运行：%2</translation>
        </message>
        <message numerus="yes">
            <source>Compared %n runs already made</source>
            <translation>
                <numerusform>已比较 %n 个已做过的运行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Comparison finished: %n configurations</source>
            <translation>
                <numerusform>比较完成：%n 种配置</numerusform>
            </translation>
        </message>
        <message>
            <source>Catalog: %1</source>
            <translation>目录：%1</translation>
        </message>
        <message numerus="yes">
            <source>Export report: the comparison (%n configurations)</source>
            <translation>
                <numerusform>导出报告：这次比较（%n 种配置）</numerusform>
            </translation>
        </message>
        <message>
            <source>Export report: the last run</source>
            <translation>导出报告：上一次运行</translation>
        </message>
        <message>
            <source>%1 on %2 — %3</source>
            <translation>%1，在 %2 上 — %3</translation>
        </message>
        <message>
            <source>Trace</source>
            <translation>跟踪</translation>
        </message>
        <message>
            <source>No trace yet: press Trace first.</source>
            <translation>还没有跟踪结果：请先按“跟踪”。</translation>
        </message>
        <message>
            <source>The trace is on the clipboard as Markdown.</source>
            <translation>跟踪结果已作为 Markdown 复制到剪贴板。</translation>
        </message>
        <message>
            <source>%1 is not available here (%2), and no other device could take the op.</source>
            <translation>%1 在这里不可用（%2），也没有其他设备能运行这个算子。</translation>
        </message>
        <message>
            <source>%1 is not available here (%2): %3 opens on %4, detbench's kernels written to behave as PyTorch's, not PyTorch's own.</source>
            <translation>%1 在这里不可用（%2）：%3 在 %4 上打开，用的是 detbench 按 PyTorch 行为编写的内核，而不是 PyTorch 自己的内核。</translation>
        </message>
        <message>
            <source>Opened %1 from the trace on %2 with the traced shapes.</source>
            <translation>已从跟踪结果在 %2 上打开 %1，使用跟踪到的形状。</translation>
        </message>
        <message>
            <source>Choose another Python…</source>
            <translation>选择另一个 Python…</translation>
        </message>
        <message>
            <source>The default: the python3 on PATH with PyTorch, else Debian's</source>
            <translation>默认：PATH 上带 PyTorch 的 python3，否则用 Debian 的</translation>
        </message>
        <message>
            <source>Choose the Python whose PyTorch the workbench follows</source>
            <translation>选择工作台所依据其 PyTorch 的 Python</translation>
        </message>
        <message>
            <source>Python</source>
            <translation>Python</translation>
        </message>
        <message>
            <source>Starting a Slurm job (%1); it may wait in the queue, and Cancel cancels it…</source>
            <translation>正在启动 Slurm 作业（%1）；它可能在队列中等待，“取消”会取消该作业…</translation>
        </message>
        <message>
            <source>Slurm: %1</source>
            <translation>Slurm：%1</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::OpCatalogModel</name>
        <message>
            <source>deterministic</source>
            <translation>确定性</translation>
        </message>
        <message>
            <source>atomics, exact (integers)</source>
            <translation>原子操作，结果精确（整数）</translation>
        </message>
        <message>
            <source>nondeterministic: float atomics</source>
            <translation>非确定性：浮点原子操作</translation>
        </message>
        <message>
            <source>nondeterministic: algorithm choice</source>
            <translation>非确定性：算法选择</translation>
        </message>
        <message>
            <source>nondeterministic: autotuning</source>
            <translation>非确定性：自动调优</translation>
        </message>
        <message>
            <source>nondeterministic: random numbers</source>
            <translation>非确定性：随机数</translation>
        </message>
        <message>
            <source>nondeterministic</source>
            <translation>非确定性</translation>
        </message>
        <message>
            <source>yes (PyTorch)</source>
            <translation>有（PyTorch）</translation>
        </message>
        <message>
            <source>detbench extension only</source>
            <translation>仅 detbench 扩展</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>not needed; atomic contrast offered</source>
            <translation>无需；提供原子对照</translation>
        </message>
        <message>
            <source>raises</source>
            <translation>抛出异常</translation>
        </message>
        <message>
            <source>switches to deterministic</source>
            <translation>切换为确定性实现</translation>
        </message>
        <message>
            <source>not needed</source>
            <translation>无需</translation>
        </message>
        <message>
            <source>Op</source>
            <translation>运算</translation>
        </message>
        <message>
            <source>Default</source>
            <translation>默认</translation>
        </message>
        <message>
            <source>Deterministic alternative</source>
            <translation>确定性替代</translation>
        </message>
        <message>
            <source>PyTorch call</source>
            <translation>PyTorch 调用</translation>
        </message>
        <message>
            <source>PyTorch %1 (these traits since %2). Source: %3</source>
            <translation>PyTorch %1（这些特性自 %2 起）。来源：%3</translation>
        </message>
        <message>
            <source>atomics, exact (maximum)</source>
            <translation>原子操作，精确（最大值）</translation>
        </message>
        <message>
            <source>nondeterministic: racing writes</source>
            <translation>非确定性：竞争写入</translation>
        </message>
        <message>
            <source>nondeterministic: uninitialized memory</source>
            <translation>非确定性：未初始化内存</translation>
        </message>
        <message>
            <source>What torch.use_deterministic_algorithms(True) does to the op in PyTorch %1</source>
            <translation>PyTorch %1 中 torch.use_deterministic_algorithms(True) 对该算子的作用</translation>
        </message>
        <message>
            <source>Error mode</source>
            <translation>错误模式</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::OpParamsWidget</name>
        <message>
            <source>Trials</source>
            <translation>试验次数</translation>
        </message>
        <message>
            <source>Data seed</source>
            <translation>数据种子</translation>
        </message>
        <message>
            <source>Seeds the generated inputs; separate from the seed under study, so every trial and configuration sees bit-identical inputs.</source>
            <translation>生成输入所用的种子；与被研究的种子无关，因此每次试验和每个配置看到的输入逐位相同。</translation>
        </message>
        <message>
            <source>Trials recorded, each on the same inputs.</source>
            <translation>记录的试验次数，每次都使用相同的输入。</translation>
        </message>
        <message>
            <source>from %1 to %2</source>
            <translation>取值 %1 到 %2</translation>
        </message>
        <message>
            <source>%1 must be a whole number.</source>
            <translation>%1 必须是整数。</translation>
        </message>
        <message>
            <source>%1 must be from %2 to %3.</source>
            <translation>%1 必须在 %2 到 %3 之间。</translation>
        </message>
        <message>
            <source>The data seed must be an integer from 0 to 18446744073709551615.</source>
            <translation>数据种子必须是 0 到 18446744073709551615 之间的整数。</translation>
        </message>
        <message>
            <source>Warm-up</source>
            <translation>预热</translation>
        </message>
        <message>
            <source>Warm-up runs before the trials, not recorded.</source>
            <translation>试验之前的预热运行，不记录。</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::OpSelectorWidget</name>
        <message>
            <source>&amp;Op</source>
            <translation>运算(&amp;O)</translation>
        </message>
        <message>
            <source>The op to run; the catalog below says how each one behaves</source>
            <translation>要运行的运算；下方的目录说明每个运算的行为</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::PlotWidget</name>
        <message>
            <source>The plot could not be rendered as PNG (%1 x %2).</source>
            <translation>无法将图表渲染为 PNG（%1 x %2）。</translation>
        </message>
        <message>
            <source>The plot could not be rendered as SVG (%1 x %2).</source>
            <translation>无法将图表渲染为 SVG（%1 x %2）。</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::PythonChoice</name>
        <message>
            <source>%1: no such program</source>
            <translation>%1：没有这个程序</translation>
        </message>
        <message>
            <source>%1 has no PyTorch (import torch finds nothing)</source>
            <translation>%1 没有 PyTorch（import torch 找不到）</translation>
        </message>
        <message>
            <source>Python: none</source>
            <translation>Python：无</translation>
        </message>
        <message>
            <source>Python: %1 · PyTorch %2</source>
            <translation>Python：%1 · PyTorch %2</translation>
        </message>
        <message>
            <source>Python: %1 · no PyTorch</source>
            <translation>Python：%1 · 没有 PyTorch</translation>
        </message>
        <message>
            <source>The Python that the trace, the trace lesson and the catalog's default release follow: %1 (%2).</source>
            <translation>追踪、追踪课程和目录的默认版本所依据的 Python：%1（%2）。</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>Catalog release: %1. Click to choose another Python.</source>
            <translation>目录版本：%1。点击以选择另一个 Python。</translation>
        </message>
        <message>
            <source>The torch devices run libtorch %1, the release this build was made with; the trace and the catalog follow PyTorch %2. Rebuild (scripts/build) with that Python active to run the same release on both.</source>
            <translation>torch 设备运行的是 libtorch %1（本次构建所用的版本）；追踪和目录依据的是 PyTorch %2。在激活该 Python 的情况下重新构建（scripts/build），两者即运行同一版本。</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::RecipeCheckWidget</name>
        <message>
            <source>Show me: %1</source>
            <translation>演示：%1</translation>
        </message>
        <message>
            <source>Try:</source>
            <translation>试一试：</translation>
        </message>
        <message>
            <source>Not covered</source>
            <translation>未覆盖</translation>
        </message>
        <message>
            <source>Covered</source>
            <translation>已覆盖</translation>
        </message>
        <message>
            <source>Notes</source>
            <translation>说明</translation>
        </message>
        <message>
            <source>Nothing this recipe can cover is left uncovered.</source>
            <translation>配方能覆盖的都已覆盖。</translation>
        </message>
        <message>
            <source>%1 not covered.</source>
            <translation>%1 项未覆盖。</translation>
        </message>
        <message>
            <source>%1 covered, %2 notes. PyTorch %3 on %4.</source>
            <translation>%1 项已覆盖，%2 条说明。PyTorch %3，%4。</translation>
        </message>
        <message>
            <source>Recipes (*.json *.toml);;All files (*)</source>
            <translation>配方 (*.json *.toml);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Recipes (*.json);;All files (*)</source>
            <translation>配方 (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Open a seeding recipe</source>
            <translation>打开种子配方</translation>
        </message>
        <message>
            <source>Save the seeding recipe</source>
            <translation>保存种子配方</translation>
        </message>
        <message>
            <source>Recipes (*.json)</source>
            <translation>配方 (*.json)</translation>
        </message>
        <message>
            <source>Where the code runs</source>
            <translation>代码在哪里运行</translation>
        </message>
        <message>
            <source>Device</source>
            <translation>设备</translation>
        </message>
        <message>
            <source>CUDA GPU</source>
            <translation>CUDA GPU</translation>
        </message>
        <message>
            <source>CPU only</source>
            <translation>仅 CPU</translation>
        </message>
        <message>
            <source>PyTorch release</source>
            <translation>PyTorch 版本</translation>
        </message>
        <message>
            <source>Random number generators</source>
            <translation>随机数生成器</translation>
        </message>
        <message>
            <source>NumPy Generator objects</source>
            <translation>NumPy Generator 对象</translation>
        </message>
        <message>
            <source>not used</source>
            <translation>不使用</translation>
        </message>
        <message>
            <source>default_rng(), no seed</source>
            <translation>default_rng()，不设种子</translation>
        </message>
        <message>
            <source>numpy.random.default_rng Generator objects: np.random.seed does not seed them</source>
            <translation>numpy.random.default_rng 的 Generator 对象：np.random.seed 不会为它们设种子</translation>
        </message>
        <message>
            <source>DataLoader</source>
            <translation>DataLoader</translation>
        </message>
        <message>
            <source>num_workers</source>
            <translation>num_workers</translation>
        </message>
        <message>
            <source>seeded generator=</source>
            <translation>已设种子的 generator=</translation>
        </message>
        <message>
            <source>DataLoader(..., generator=g) with g = torch.Generator() and g.manual_seed(seed)</source>
            <translation>DataLoader(..., generator=g)，其中 g = torch.Generator() 且 g.manual_seed(seed)</translation>
        </message>
        <message>
            <source>worker_init_fn reseeds</source>
            <translation>worker_init_fn 重新设种子</translation>
        </message>
        <message>
            <source>A worker_init_fn that reseeds from torch.initial_seed(), as in the PyTorch notes</source>
            <translation>用 torch.initial_seed() 重新设种子的 worker_init_fn，如 PyTorch 说明中所示</translation>
        </message>
        <message>
            <source>dataset has RNGs of its own</source>
            <translation>数据集有自己的随机生成器</translation>
        </message>
        <message>
            <source>The dataset or its transforms keep random state of their own: OpenCV, imgaug, a random.Random or Generator made before the workers start</source>
            <translation>数据集或其变换保有自己的随机状态：OpenCV、imgaug、在工作进程启动前创建的 random.Random 或 Generator</translation>
        </message>
        <message>
            <source>Python</source>
            <translation>Python</translation>
        </message>
        <message>
            <source>not set</source>
            <translation>未设置</translation>
        </message>
        <message>
            <source>set before python starts</source>
            <translation>在 python 启动前设置</translation>
        </message>
        <message>
            <source>os.environ in the script</source>
            <translation>在脚本中用 os.environ 设置</translation>
        </message>
        <message>
            <source>iterates sets of strings</source>
            <translation>迭代字符串集合</translation>
        </message>
        <message>
            <source>The code iterates a set of strings (or anything else ordered by hash())</source>
            <translation>代码迭代字符串集合（或其他按 hash() 排序的东西）</translation>
        </message>
        <message>
            <source>cuDNN and deterministic mode</source>
            <translation>cuDNN 与确定性模式</translation>
        </message>
        <message>
            <source>not called (off)</source>
            <translation>未调用（关闭）</translation>
        </message>
        <message>
            <source>warn_only=True</source>
            <translation>warn_only=True</translation>
        </message>
        <message>
            <source>True (error)</source>
            <translation>True（报错）</translation>
        </message>
        <message>
            <source>Value</source>
            <translation>取值</translation>
        </message>
        <message>
            <source>Set</source>
            <translation>设置时机</translation>
        </message>
        <message>
            <source>before CUDA starts</source>
            <translation>CUDA 启动前</translation>
        </message>
        <message>
            <source>after CUDA started</source>
            <translation>CUDA 启动后</translation>
        </message>
        <message>
            <source>Open recipe…</source>
            <translation>打开配方…</translation>
        </message>
        <message>
            <source>Save recipe…</source>
            <translation>保存配方…</translation>
        </message>
        <message>
            <source>Clear</source>
            <translation>清空</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::RemoteHostDialog</name>
        <message>
            <source>Runs go to detbench on another machine through ssh (ssh -T host detbench serve --stdio). Log in with a key or an agent: ssh runs in batch mode and never asks for a password, and detbench stores none.</source>
            <translation>运行通过 ssh 交给另一台机器上的 detbench（ssh -T host detbench serve --stdio）。请用密钥或代理登录：ssh 以批处理模式运行，从不询问密码，detbench 也不保存任何密码。</translation>
        </message>
        <message>
            <source>user@gpu-server</source>
            <translation>user@gpu-server</translation>
        </message>
        <message>
            <source>Destination:</source>
            <translation>目标：</translation>
        </message>
        <message>
            <source>ssh's default</source>
            <translation>ssh 的默认值</translation>
        </message>
        <message>
            <source>Port:</source>
            <translation>端口：</translation>
        </message>
        <message>
            <source>ssh's default keys</source>
            <translation>ssh 的默认密钥</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation>浏览…</translation>
        </message>
        <message>
            <source>Identity file</source>
            <translation>身份文件</translation>
        </message>
        <message>
            <source>Identity file:</source>
            <translation>身份文件：</translation>
        </message>
        <message>
            <source>detbench there:</source>
            <translation>那边的 detbench：</translation>
        </message>
        <message>
            <source>Device there:</source>
            <translation>那边的设备：</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source>The longest wait for the login and for each answer</source>
            <translation>登录和每次应答的最长等待时间</translation>
        </message>
        <message>
            <source>Wait at most:</source>
            <translation>最多等待：</translation>
        </message>
        <message>
            <source>Remote host or Slurm cluster</source>
            <translation>远程主机或 Slurm 集群</translation>
        </message>
        <message>
            <source>ssh to a host</source>
            <translation>通过 ssh 连接主机</translation>
        </message>
        <message>
            <source>a Slurm job (srun)</source>
            <translation>Slurm 作业（srun）</translation>
        </message>
        <message>
            <source>Reach it through:</source>
            <translation>连接方式：</translation>
        </message>
        <message>
            <source>the cluster's default</source>
            <translation>集群的默认分区</translation>
        </message>
        <message>
            <source>Partition:</source>
            <translation>分区：</translation>
        </message>
        <message>
            <source>a100, h100, …</source>
            <translation>a100、h100、…</translation>
        </message>
        <message>
            <source>Asked for as --gres=gpu:TYPE:1</source>
            <translation>以 --gres=gpu:TYPE:1 申请</translation>
        </message>
        <message>
            <source>GPU type:</source>
            <translation>GPU 类型：</translation>
        </message>
        <message>
            <source>the partition's (such as 30 or 1:00:00)</source>
            <translation>分区的上限（如 30 或 1:00:00）</translation>
        </message>
        <message>
            <source>Time limit:</source>
            <translation>时间限制：</translation>
        </message>
        <message>
            <source>Runs go to detbench on a node Slurm allocates (srun … detbench serve --stdio), on this machine or on the cluster's login node through ssh. A job that waits in the queue shows its state and Slurm's reason in the log; Cancel cancels the job.</source>
            <translation>运行交给 Slurm 分配的节点上的 detbench（srun … detbench serve --stdio），srun 在本机执行，或通过 ssh 在集群的登录节点上执行。在队列中等待的作业会在日志中显示其状态和 Slurm 给出的原因；“取消”会取消该作业。</translation>
        </message>
        <message>
            <source>Login node:</source>
            <translation>登录节点：</translation>
        </message>
        <message>
            <source>none: srun on this machine</source>
            <translation>留空：在本机运行 srun</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::RunController</name>
        <message>
            <source>A run is already in progress.</source>
            <translation>已有运行正在进行。</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::RunViewWidget</name>
        <message>
            <source>Running: %1 trials so far, %2 distinct outputs</source>
            <translation>运行中：已完成 %1 次试验，%2 种不同输出</translation>
        </message>
        <message>
            <source>No run yet: choose an op and press Run.</source>
            <translation>尚未运行：请选择一个运算并点击“运行”。</translation>
        </message>
        <message>
            <source>%1 on %2</source>
            <translation>%2 上的 %1</translation>
        </message>
        <message>
            <source>Hide PyTorch's message</source>
            <translation>隐藏 PyTorch 的消息</translation>
        </message>
        <message>
            <source>PyTorch's message…</source>
            <translation>PyTorch 的消息…</translation>
        </message>
        <message>
            <source>Run in warn mode</source>
            <translation>用警告模式运行</translation>
        </message>
        <message>
            <source>use_deterministic_algorithms(True, warn_only=True): the op runs and says that it is not deterministic</source>
            <translation>use_deterministic_algorithms(True, warn_only=True)：算子照常运行，并说明它不是确定性的</translation>
        </message>
        <message>
            <source>Use detbench's deterministic kernel</source>
            <translation>使用 detbench 的确定性内核</translation>
        </message>
        <message>
            <source>Settings → Catalog: detbench extensions (a deterministic kernel PyTorch does not have)</source>
            <translation>设置 → 目录：detbench 扩展（PyTorch 没有的确定性内核）</translation>
        </message>
        <message>
            <source>Set CUBLAS_WORKSPACE_CONFIG=:4096:8</source>
            <translation>设置 CUBLAS_WORKSPACE_CONFIG=:4096:8</translation>
        </message>
        <message>
            <source>The op's catalog entry</source>
            <translation>算子的目录条目</translation>
        </message>
        <message>
            <source>%1 on %2 — %3</source>
            <translation>%1，在 %2 上 — %3</translation>
        </message>
        <message>
            <source>The outputs varied. The fix the catalog knows:</source>
            <translation>输出有变化。目录所知的修复办法：</translation>
        </message>
        <message>
            <source>Run with deterministic algorithms</source>
            <translation>以确定性算法运行</translation>
        </message>
        <message>
            <source>Settings → Deterministic algorithms: error (torch.use_deterministic_algorithms(True)); PyTorch switches this op to its deterministic form</source>
            <translation>设置 → 确定性算法：报错（torch.use_deterministic_algorithms(True)）；PyTorch 将此算子切换为其确定性实现</translation>
        </message>
        <message>
            <source>Set the seed and run again</source>
            <translation>设置种子并再次运行</translation>
        </message>
        <message>
            <source>Settings → Seed: set (torch.manual_seed): every run draws the same numbers</source>
            <translation>设置 → 种子：设置（torch.manual_seed）：每次运行抽到相同的数</translation>
        </message>
        <message>
            <source>Waiting for the first trial — Slurm: %1</source>
            <translation>正在等待第一次试验 — Slurm：%1</translation>
        </message>
        <message>
            <source>Waiting for the first trial…</source>
            <translation>正在等待第一次试验…</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::SettingsWidget</name>
        <message>
            <source>Seed</source>
            <translation>种子</translation>
        </message>
        <message>
            <source>Autotuning</source>
            <translation>自动调优</translation>
        </message>
        <message>
            <source>cuDNN</source>
            <translation>cuDNN</translation>
        </message>
        <message>
            <source>Deterministic algorithms</source>
            <translation>确定性算法</translation>
        </message>
        <message>
            <source>Uninitialized memory</source>
            <translation>未初始化内存</translation>
        </message>
        <message>
            <source>CPU threads</source>
            <translation>CPU 线程数</translation>
        </message>
        <message>
            <source>Catalog</source>
            <translation>目录</translation>
        </message>
        <message>
            <source>Implementation</source>
            <translation>实现</translation>
        </message>
        <message>
            <source>set</source>
            <translation>设置</translation>
        </message>
        <message>
            <source>torch.manual_seed(seed). Unset: a fresh seed per run, recorded in the report.</source>
            <translation>torch.manual_seed(seed)。未设置时，每次运行使用新的种子，并记录在报告中。</translation>
        </message>
        <message>
            <source>64-bit integer</source>
            <translation>64 位整数</translation>
        </message>
        <message>
            <source>Time the candidate algorithms per shape and keep the fastest (cudnnFind*AlgorithmEx); off: heuristics.</source>
            <translation>对每种形状测量候选算法的耗时并保留最快者（cudnnFind*AlgorithmEx）；关闭时使用启发式选择。</translation>
        </message>
        <message>
            <source>Keep only algorithms cuDNN marks as deterministic.</source>
            <translation>只保留 cuDNN 标记为确定性的算法。</translation>
        </message>
        <message>
            <source>fill with NaN / max</source>
            <translation>填充 NaN / 最大值</translation>
        </message>
        <message>
            <source>torch.utils.deterministic.fill_uninitialized_memory: in deterministic mode, fresh outputs are filled with NaN (floats) or the largest value (integers).</source>
            <translation>torch.utils.deterministic.fill_uninitialized_memory：确定性模式下，新分配的输出用 NaN（浮点）或最大值（整数）填充。</translation>
        </message>
        <message>
            <source>unset</source>
            <translation>未设置</translation>
        </message>
        <message>
            <source>one per core</source>
            <translation>每个核心一个</translation>
        </message>
        <message>
            <source>PyTorch semantics</source>
            <translation>PyTorch 语义</translation>
        </message>
        <message>
            <source>detbench extensions</source>
            <translation>detbench 扩展</translation>
        </message>
        <message>
            <source>Extensions: deterministic kernels detbench offers where PyTorch has none.</source>
            <translation>扩展：在 PyTorch 没有确定性实现之处，使用 detbench 提供的确定性内核。</translation>
        </message>
        <message>
            <source>default dispatch</source>
            <translation>默认分派</translation>
        </message>
        <message>
            <source>atomic form (contrast)</source>
            <translation>原子形式（对照）</translation>
        </message>
        <message>
            <source>deterministic form</source>
            <translation>确定性形式</translation>
        </message>
        <message>
            <source>The seed must be an integer from 0 to 18446744073709551615.</source>
            <translation>种子必须是 0 到 18446744073709551615 之间的整数。</translation>
        </message>
        <message>
            <source>PyTorch release</source>
            <translation>PyTorch 版本</translation>
        </message>
        <message>
            <source>%1 (default)</source>
            <translation>%1（默认）</translation>
        </message>
        <message>
            <source>What deterministic mode does, the alerts and the cuBLAS workspace rule follow this release. Default: %1.</source>
            <translation>确定性模式的行为、警报和 cuBLAS 工作区规则都按这个版本。默认：%1。</translation>
        </message>
        <message>
            <source>In deterministic mode, cuBLAS ops raise unless this is :4096:8 or :16:8 (PyTorch 2.8 and 2.9; from 2.10 no longer checked).</source>
            <translation>确定性模式下，除非此值为 :4096:8 或 :16:8，cuBLAS 算子会报错（PyTorch 2.8 和 2.9；从 2.10 起不再检查）。</translation>
        </message>
        <message>
            <source>torch.use_deterministic_algorithms(mode): ops with a deterministic alternative switch to it; ops without one raise (error: True) or warn and run (warn: True, warn_only=True).</source>
            <translation>torch.use_deterministic_algorithms(mode)：有确定性替代的算子换用它；没有的算子抛出错误（报错：True）或警告后运行（警告：True, warn_only=True）。</translation>
        </message>
        <message>
            <source>%1 (default: nearest to %2)</source>
            <translation>%1（默认：最接近 %2）</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::SlurmJobsController</name>
        <message>
            <source>The jobs are still being asked of Slurm; try again in a moment.</source>
            <translation>仍在向 Slurm 查询作业；请稍后再试。</translation>
        </message>
        <message>
            <source>Job %1 (%2) cancelled.</source>
            <translation>作业 %1（%2）已取消。</translation>
        </message>
        <message>
            <source>scancel of job %1 failed: %2</source>
            <translation>scancel 作业 %1 失败：%2</translation>
        </message>
        <message>
            <source>%1 of %2: not collected, tasks are still queued or running</source>
            <translation>%2 的 %1：未收集，仍有任务在排队或运行</translation>
        </message>
        <message>
            <source>%1 of %2, %3</source>
            <translation>%2 的 %1，%3</translation>
        </message>
        <message>
            <source>%1 of %2: nothing to collect</source>
            <translation>%2 的 %1：没有可收集的内容</translation>
        </message>
        <message>
            <source>%1 of %2: %3 (some tasks ended before their report)</source>
            <translation>%2 的 %1：%3（有任务在写出报告前就结束了）</translation>
        </message>
        <message>
            <source>%1 of %2: %3</source>
            <translation>%2 的 %1：%3</translation>
        </message>
        <message>
            <source>Job %1 (%2) was no longer queued or running.</source>
            <translation>作业 %1（%2）已不在排队或运行中。</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::SlurmJobsDialog</name>
        <message>
            <source>The --slurm-batch folder</source>
            <translation>--slurm-batch 文件夹</translation>
        </message>
        <message>
            <source>Asking scancel…</source>
            <translation>正在请求 scancel…</translation>
        </message>
        <message>
            <source>Collecting the finished jobs' reports…</source>
            <translation>正在收集已结束作业的报告…</translation>
        </message>
        <message>
            <source>Name the folder given to --slurm-batch.</source>
            <translation>请填写传给 --slurm-batch 的文件夹。</translation>
        </message>
        <message>
            <source>Asking Slurm for the jobs' states…</source>
            <translation>正在向 Slurm 查询作业状态…</translation>
        </message>
        <message>
            <source>%1 of %2 on %3</source>
            <translation>%3 上 %2 的 %1</translation>
        </message>
        <message>
            <source>%1: job %2</source>
            <translation>%1：作业 %2</translation>
        </message>
        <message>
            <source>task %1</source>
            <translation>任务 %1</translation>
        </message>
        <message>
            <source>task %1: %2</source>
            <translation>任务 %1：%2</translation>
        </message>
        <message>
            <source>%1 of %2 tasks finished</source>
            <translation>%2 个任务中 %1 个已结束</translation>
        </message>
        <message>
            <source>Jobs queued or running: %1; finished: %2.</source>
            <translation>排队或运行中的作业：%1；已结束：%2。</translation>
        </message>
        <message>
            <source>Slurm batch jobs</source>
            <translation>Slurm 批处理作业</translation>
        </message>
        <message>
            <source>Batch folder:</source>
            <translation>批处理文件夹：</translation>
        </message>
        <message>
            <source>the folder given to --slurm-batch</source>
            <translation>传给 --slurm-batch 的文件夹</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation>浏览…</translation>
        </message>
        <message>
            <source>Refresh</source>
            <translation>刷新</translation>
        </message>
        <message>
            <source>Job</source>
            <translation>作业</translation>
        </message>
        <message>
            <source>State</source>
            <translation>状态</translation>
        </message>
        <message>
            <source>Cancel job</source>
            <translation>取消作业</translation>
        </message>
        <message>
            <source>scancel the chosen job: every task of it still queued or running</source>
            <translation>用 scancel 取消所选作业：其中仍在排队或运行的每个任务</translation>
        </message>
        <message>
            <source>Collect</source>
            <translation>收集</translation>
        </message>
        <message>
            <source>Close</source>
            <translation>关闭</translation>
        </message>
        <message>
            <source>Details</source>
            <translation>详情</translation>
        </message>
        <message>
            <source>completed</source>
            <translation>已完成</translation>
        </message>
        <message>
            <source>ended without its report</source>
            <translation>结束时没有写出报告</translation>
        </message>
        <message>
            <source>gone (no answers)</source>
            <translation>已消失（没有应答）</translation>
        </message>
        <message>
            <source>Name the folder here that the collected reports go to.</source>
            <translation>请填写本机上存放收集到的报告的文件夹。</translation>
        </message>
        <message>
            <source>The jobs that --slurm-batch submitted, with Slurm's state for each task. Collect writes each finished job's report into the folder's reports/ (through a login node: into the folder named here), as detbench jobs --collect does; Cancel job cancels the chosen job with scancel.</source>
            <translation>--slurm-batch 提交的作业，以及 Slurm 给出的每个任务的状态。“收集”把每个已结束作业的报告写入该文件夹的 reports/（经由登录节点时：写入这里指定的文件夹），与 detbench jobs --collect 相同；“取消作业”用 scancel 取消所选作业。</translation>
        </message>
        <message>
            <source>Login node:</source>
            <translation>登录节点：</translation>
        </message>
        <message>
            <source>empty: the folder is on this machine; else user@login-node</source>
            <translation>留空：文件夹在本机；否则填 用户@登录节点</translation>
        </message>
        <message>
            <source>The cluster's login node: the batch folder is there, and the detbench there answers through ssh (port, identity and program as in the remote host settings)</source>
            <translation>集群的登录节点：批处理文件夹在那里，由那里的 detbench 通过 ssh 应答（端口、身份文件和程序与远程主机设置相同）</translation>
        </message>
        <message>
            <source>Reports to:</source>
            <translation>报告写到：</translation>
        </message>
        <message>
            <source>The folder on this machine that Collect writes the reports into</source>
            <translation>“收集”把报告写入的本机文件夹</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::TimingPlotWidget</name>
        <message>
            <source>Time per trial</source>
            <translation>每次试验耗时</translation>
        </message>
        <message>
            <source>time per trial</source>
            <translation>每次试验耗时</translation>
        </message>
        <message>
            <source>trial</source>
            <translation>试验</translation>
        </message>
        <message>
            <source>all trials</source>
            <translation>全部试验</translation>
        </message>
        <message>
            <source>median %1</source>
            <translation>中位数 %1</translation>
        </message>
        <message>
            <source>median %1, 1 outlier</source>
            <translation>中位数 %1，1 个离群值</translation>
        </message>
        <message>
            <source>median %1, %2 outliers</source>
            <translation>中位数 %1，%2 个离群值</translation>
        </message>
        <message>
            <source>time (%1)</source>
            <translation>耗时（%1）</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::TraceController</name>
        <message>
            <source>A trace is already in progress.</source>
            <translation>已有一个跟踪正在进行。</translation>
        </message>
        <message>
            <source>Nothing to trace: choose at least one configuration and one run.</source>
            <translation>没有可跟踪的内容：请至少选择一个配置和一次运行。</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::TraceOpsPlotWidget</name>
        <message>
            <source>run %1</source>
            <translation>第 %1 次运行</translation>
        </message>
        <message>
            <source>Ops of the traced runs against run 1</source>
            <translation>各次跟踪运行的算子与第 1 次运行对比</translation>
        </message>
        <message>
            <source>Ops against run 1: %1</source>
            <translation>与第 1 次运行对比的算子：%1</translation>
        </message>
        <message>
            <source>op (in the order the script ran them)</source>
            <translation>算子（按脚本运行的顺序）</translation>
        </message>
        <message>
            <source>cause</source>
            <translation>原因</translation>
        </message>
        <message>
            <source>inherited</source>
            <translation>继承</translation>
        </message>
        <message>
            <source>not compared from here</source>
            <translation>从这里起不再比较</translation>
        </message>
        <message>
            <source>equal to run 1</source>
            <translation>与第 1 次运行相同</translation>
        </message>
        <message>
            <source>a cause: equal inputs, other outputs</source>
            <translation>原因：输入相同，输出不同</translation>
        </message>
        <message>
            <source>a cause: data from outside that differs</source>
            <translation>原因：来自外部的数据不同</translation>
        </message>
        <message>
            <source>a cause: uninitialized memory</source>
            <translation>原因：未初始化的内存</translation>
        </message>
        <message>
            <source>inherited from an earlier op</source>
            <translation>继承自更早的算子</translation>
        </message>
        <message>
            <source>inputs differ, outputs equal</source>
            <translation>输入不同，输出相同</translation>
        </message>
        <message>
            <source>not compared</source>
            <translation>未比较</translation>
        </message>
        <message>
            <source>run %1, op %2: %3</source>
            <translation>第 %1 次运行，算子 %2：%3</translation>
        </message>
        <message>
            <source>other bits that no result uses (a note)</source>
            <translation>没有结果用到的其他位（备注）</translation>
        </message>
        <message>
            <source>absorbed, or unused</source>
            <translation>被吸收，或未被使用</translation>
        </message>
        <message>
            <source>run %1, main thread</source>
            <translation>第 %1 次运行，主线程</translation>
        </message>
        <message>
            <source>op (in the order its thread ran them)</source>
            <translation>算子（按其所在线程运行的顺序）</translation>
        </message>
        <message>
            <source>run %1, op %2 on thread %3: %4</source>
            <translation>第 %1 次运行，线程 %3 上的算子 %2：%4</translation>
        </message>
        <message numerus="yes">
            <source> (threads not drawn: %n)</source>
            <translation>
                <numerusform>（未画出的线程：%n 个）</numerusform>
            </translation>
        </message>
        <message>
            <source>run %1, %2</source>
            <translation>第 %1 次运行，%2</translation>
        </message>
        <message>
            <source>equal to run 1 (where compared)</source>
            <translation>与第 1 次运行相同（在比较过的地方）</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::TraceSetupWidget</name>
        <message>
            <source>Choose the Python script to trace</source>
            <translation>选择要跟踪的 Python 脚本</translation>
        </message>
        <message>
            <source>Python scripts (*.py);;All files (*)</source>
            <translation>Python 脚本 (*.py);;所有文件 (*)</translation>
        </message>
        <message>
            <source>The folder the script runs in</source>
            <translation>脚本运行时所在的文件夹</translation>
        </message>
        <message>
            <source>Choose the script to trace.</source>
            <translation>请选择要跟踪的脚本。</translation>
        </message>
        <message>
            <source>The seed must be an integer from 0 to 2^64 - 1.</source>
            <translation>种子必须是 0 到 2^64 - 1 之间的整数。</translation>
        </message>
        <message>
            <source>PYTHONHASHSEED must be an integer from 0 to 4294967295.</source>
            <translation>PYTHONHASHSEED 必须是 0 到 4294967295 之间的整数。</translation>
        </message>
        <message>
            <source>Choose at least one configuration.</source>
            <translation>请至少选择一个配置。</translation>
        </message>
        <message>
            <source>The working folder %1 does not exist.</source>
            <translation>工作文件夹 %1 不存在。</translation>
        </message>
        <message>
            <source>Interpreter</source>
            <translation>解释器</translation>
        </message>
        <message>
            <source>Script</source>
            <translation>脚本</translation>
        </message>
        <message>
            <source>Arguments</source>
            <translation>参数</translation>
        </message>
        <message>
            <source>Working folder</source>
            <translation>工作文件夹</translation>
        </message>
        <message>
            <source>Runs</source>
            <translation>运行次数</translation>
        </message>
        <message>
            <source>Configurations</source>
            <translation>配置</translation>
        </message>
        <message>
            <source>Seed</source>
            <translation>种子</translation>
        </message>
        <message>
            <source>Deterministic algorithms</source>
            <translation>确定性算法</translation>
        </message>
        <message>
            <source>Threads</source>
            <translation>线程数</translation>
        </message>
        <message>
            <source>cuDNN</source>
            <translation>cuDNN</translation>
        </message>
        <message>
            <source>Ops to digest</source>
            <translation>计算摘要的算子</translation>
        </message>
        <message>
            <source>Timeout per run</source>
            <translation>每次运行的超时</translation>
        </message>
        <message>
            <source>Second pass</source>
            <translation>第二遍</translation>
        </message>
        <message>
            <source>The Python that runs the script, with PyTorch 1.13 or later</source>
            <translation>运行脚本的 Python，需带有 PyTorch 1.13 或更新版本</translation>
        </message>
        <message>
            <source>train.py</source>
            <translation>train.py</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation>浏览…</translation>
        </message>
        <message>
            <source>Use the example</source>
            <translation>使用示例</translation>
        </message>
        <message>
            <source>The example that ships with detbench: a small model with dropout, a DataLoader with two workers and index_put_ with accumulate</source>
            <translation>detbench 自带的示例：带 dropout 的小模型、有两个工作进程的 DataLoader，以及带 accumulate 的 index_put_</translation>
        </message>
        <message>
            <source>the script's own arguments</source>
            <translation>脚本自己的参数</translation>
        </message>
        <message>
            <source>the script's folder</source>
            <translation>脚本所在的文件夹</translation>
        </message>
        <message>
            <source>as written (no seed set)</source>
            <translation>按原样（不设种子）</translation>
        </message>
        <message>
            <source>as written</source>
            <translation>按原样</translation>
        </message>
        <message>
            <source>as written, such as :4096:8</source>
            <translation>按原样，例如 :4096:8</translation>
        </message>
        <message>
            <source>all; or FROM..TO, such as 1000..2000</source>
            <translation>全部；或 FROM..TO，例如 1000..2000</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source>measure how much causes differ</source>
            <translation>测量各原因相差多少</translation>
        </message>
        <message>
            <source>Runs the script again and keeps each cause's outputs, to count how many elements differ and by how many ULPs</source>
            <translation>再运行一遍脚本并保留每个原因的输出，统计有多少元素不同、相差多少 ULP</translation>
        </message>
        <message>
            <source>The settings below and a seed: the Seed, else 0 (torch, random and NumPy)</source>
            <translation>下面的设置再加一个种子：使用“种子”，否则为 0（torch、random 和 NumPy）</translation>
        </message>
        <message>
            <source>Seeded, and deterministic algorithms in error mode (torch.use_deterministic_algorithms(True))</source>
            <translation>设置种子，并以报错模式启用确定性算法（torch.use_deterministic_algorithms(True)）</translation>
        </message>
        <message>
            <source>Seeded, and deterministic algorithms in warn mode (warn_only=True): an op without a deterministic form warns instead of raising</source>
            <translation>设置种子，并以警告模式启用确定性算法（warn_only=True）：没有确定性实现的算子发出警告而不是报错</translation>
        </message>
        <message>
            <source>The settings below and cudnn.benchmark = True: cuDNN picks its algorithms by timing</source>
            <translation>下面的设置再加 cudnn.benchmark = True：cuDNN 按计时挑选算法</translation>
        </message>
        <message>
            <source>The settings below and cudnn.deterministic = True</source>
            <translation>下面的设置再加 cudnn.deterministic = True</translation>
        </message>
        <message>
            <source>The settings below as they are (none set: the script as written)</source>
            <translation>按下面的设置原样运行（都未设置时：脚本原样）</translation>
        </message>
        <message>
            <source>World sizes are an axis of their own: choose only the default configuration with them.</source>
            <translation>world size 自成一个维度：使用它时只选默认配置。</translation>
        </message>
        <message>
            <source>Environment</source>
            <translation>环境</translation>
        </message>
        <message>
            <source>World sizes</source>
            <translation>World size</translation>
        </message>
        <message>
            <source>NAME=VALUE ..., such as NCCL_ALGO=Ring NCCL_PROTO=Simple</source>
            <translation>NAME=VALUE ...，例如 NCCL_ALGO=Ring NCCL_PROTO=Simple</translation>
        </message>
        <message>
            <source>Set in the environment of every process of the script, each rank of a job included, before it starts: NCCL_ALGO, NCCL_PROTO, NCCL_MIN_NCHANNELS, NCCL_NVLS_ENABLE=0, ...</source>
            <translation>在脚本的每个进程（包括作业的每个 rank）启动前设置到其环境中：NCCL_ALGO、NCCL_PROTO、NCCL_MIN_NCHANNELS、NCCL_NVLS_ENABLE=0 等</translation>
        </message>
        <message>
            <source>one; or the job at each size, such as 2,3,4</source>
            <translation>一个；或在每个规模下运行作业，例如 2,3,4</translation>
        </message>
        <message>
            <source>Traces a job at each world size (torchrun's --nproc_per_node, else WORLD_SIZE for a script that reads it) and says where the sizes give other bits</source>
            <translation>在每个 world size 下追踪作业（torchrun 的 --nproc_per_node，否则为读取 WORLD_SIZE 的脚本设置它），并指出不同规模在哪里给出不同的比特</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::TraceWidget</name>
        <message>
            <source>raised in deterministic mode</source>
            <translation>在确定性模式下报错</translation>
        </message>
        <message>
            <source>cancelled</source>
            <translation>已取消</translation>
        </message>
        <message>
            <source>the script failed</source>
            <translation>脚本失败</translation>
        </message>
        <message>
            <source>one run: nothing to compare</source>
            <translation>只有一次运行：无可比较</translation>
        </message>
        <message>
            <source>the runs agree</source>
            <translation>各次运行一致</translation>
        </message>
        <message>
            <source>the runs differ: 1 cause</source>
            <translation>各次运行不同：1 个原因</translation>
        </message>
        <message>
            <source>the runs differ: %1 causes</source>
            <translation>各次运行不同：%1 个原因</translation>
        </message>
        <message>
            <source>the runs differ</source>
            <translation>各次运行不同</translation>
        </message>
        <message>
            <source>the op sequences part</source>
            <translation>算子序列分叉</translation>
        </message>
        <message>
            <source>Export the trace</source>
            <translation>导出跟踪结果</translation>
        </message>
        <message>
            <source>JSON report (*.json);;Markdown (*.md);;Causes as CSV (*.csv);;Plot as PNG (*.png);;Plot as SVG (*.svg)</source>
            <translation>JSON 报告 (*.json);;Markdown (*.md);;原因的 CSV (*.csv);;图的 PNG (*.png);;图的 SVG (*.svg)</translation>
        </message>
        <message>
            <source>Trace exported to %1</source>
            <translation>跟踪结果已导出到 %1</translation>
        </message>
        <message>
            <source>Tracing with Python %1, PyTorch %2…</source>
            <translation>正在用 Python %1、PyTorch %2 跟踪…</translation>
        </message>
        <message>
            <source>%1: second pass, run %2: %3 ops</source>
            <translation>%1：第二遍，第 %2 次运行：%3 个算子</translation>
        </message>
        <message>
            <source>%1: run %2: %3 ops</source>
            <translation>%1：第 %2 次运行：%3 个算子</translation>
        </message>
        <message>
            <source>Trace: %1</source>
            <translation>跟踪：%1</translation>
        </message>
        <message>
            <source>A trace is already in progress.</source>
            <translation>已有一个跟踪正在进行。</translation>
        </message>
        <message>
            <source>Asking the interpreter about the script…</source>
            <translation>正在向解释器询问脚本的情况…</translation>
        </message>
        <message>
            <source>Cancelled: what ran is shown.</source>
            <translation>已取消：显示已运行的部分。</translation>
        </message>
        <message>
            <source>Finished.</source>
            <translation>已完成。</translation>
        </message>
        <message>
            <source>Trace cancelled: what ran is shown.</source>
            <translation>跟踪已取消：显示已运行的部分。</translation>
        </message>
        <message>
            <source>Trace finished.</source>
            <translation>跟踪完成。</translation>
        </message>
        <message>
            <source>%1 of %2, %3 ULP</source>
            <translation>%2 个中 %1 个，%3 ULP</translation>
        </message>
        <message>
            <source>not measured</source>
            <translation>未测量</translation>
        </message>
        <message>
            <source>Run %1: %2</source>
            <translation>第 %1 次运行：%2</translation>
        </message>
        <message>
            <source>What:</source>
            <translation>是什么：</translation>
        </message>
        <message>
            <source>Why:</source>
            <translation>为什么：</translation>
        </message>
        <message>
            <source>Inputs:</source>
            <translation>输入：</translation>
        </message>
        <message>
            <source>Outputs:</source>
            <translation>输出：</translation>
        </message>
        <message>
            <source>Seen in runs:</source>
            <translation>出现在这些运行中：</translation>
        </message>
        <message>
            <source>How much:</source>
            <translation>相差多少：</translation>
        </message>
        <message>
            <source>%1 of %2 elements differ, max |diff| %3, max %4 ULP (second pass, run %5 against run 1)</source>
            <translation>%2 个元素中有 %1 个不同，最大 |diff| 为 %3，最大 %4 ULP（第二遍，第 %5 次运行与第 1 次运行对比）</translation>
        </message>
        <message>
            <source>not measured (%1)</source>
            <translation>未测量（%1）</translation>
        </message>
        <message>
            <source>Catalog:</source>
            <translation>目录：</translation>
        </message>
        <message>
            <source>%1 (PyTorch %2, %3): %4</source>
            <translation>%1（PyTorch %2，%3）：%4</translation>
        </message>
        <message>
            <source>Fix:</source>
            <translation>解决办法：</translation>
        </message>
        <message>
            <source>The op in the workbench:</source>
            <translation>工作台中的这个算子：</translation>
        </message>
        <message>
            <source>No trace to export yet.</source>
            <translation>还没有可导出的跟踪结果。</translation>
        </message>
        <message>
            <source>Trace</source>
            <translation>跟踪</translation>
        </message>
        <message>
            <source>Run the script several times under detbench's probe and find the first op where its runs differ</source>
            <translation>在 detbench 的探针下多次运行脚本，找出各次运行开始不同的第一个算子</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Export…</source>
            <translation>导出…</translation>
        </message>
        <message>
            <source>Open in the workbench</source>
            <translation>在工作台中打开</translation>
        </message>
        <message>
            <source>Configuration</source>
            <translation>配置</translation>
        </message>
        <message>
            <source>Verdict</source>
            <translation>结论</translation>
        </message>
        <message>
            <source>First cause</source>
            <translation>第一个原因</translation>
        </message>
        <message>
            <source>Op</source>
            <translation>运算</translation>
        </message>
        <message>
            <source>ATen op</source>
            <translation>ATen 算子</translation>
        </message>
        <message>
            <source>What</source>
            <translation>是什么</translation>
        </message>
        <message>
            <source>Where</source>
            <translation>位置</translation>
        </message>
        <message>
            <source>How much</source>
            <translation>相差多少</translation>
        </message>
        <message>
            <source>Why</source>
            <translation>为什么</translation>
        </message>
        <message>
            <source>Choose a script (or the example) and press Trace.</source>
            <translation>选择一个脚本（或示例），然后按“跟踪”。</translation>
        </message>
        <message>
            <source>No trace to export yet: press Trace first.</source>
            <translation>还没有可导出的跟踪结果：请先按“跟踪”。</translation>
        </message>
        <message>
            <source>the runs agree over the first %1 ops; stopped at the timeout</source>
            <translation>各次运行在前 %1 个算子上一致；在超时处停止</translation>
        </message>
        <message>
            <source>nothing compared</source>
            <translation>没有可比较的内容</translation>
        </message>
        <message>
            <source>the runs agree in every result (%1 outputs differ that no result uses)</source>
            <translation>各次运行的每个结果都一致（有 %1 个输出不同，但没有结果用到它们）</translation>
        </message>
        <message>
            <source>Notes: other bits that no result uses</source>
            <translation>备注：没有结果用到的其他位</translation>
        </message>
        <message>
            <source>stopped at the timeout; one run: nothing to compare</source>
            <translation>在超时处停止；只有一次运行：没有可比较的内容</translation>
        </message>
        <message>
            <source>stopped at the timeout; nothing compared</source>
            <translation>在超时处停止；没有比较任何内容</translation>
        </message>
        <message>
            <source>%1 (up to the timeout)</source>
            <translation>%1（截至超时）</translation>
        </message>
        <message>
            <source>the op sequences part (up to the timeout)</source>
            <translation>算子序列出现分叉（截至超时）</translation>
        </message>
        <message>
            <source>%1: run %2: %3 ops, %4 ops/s</source>
            <translation>%1：第 %2 次运行：%3 个算子，每秒 %4 个</translation>
        </message>
        <message>
            <source>%1: run %2: %3 of about %4 ops (%5%)</source>
            <translation>%1：第 %2 次运行：约 %4 个算子中的 %3 个（%5%）</translation>
        </message>
        <message>
            <source>, about %1 s left</source>
            <translation>，约剩 %1 秒</translation>
        </message>
        <message>
            <source>Alignment:</source>
            <translation>对齐：</translation>
        </message>
        <message>
            <source>stopped (cancelled)</source>
            <translation>已停止（已取消）</translation>
        </message>
        <message>
            <source>stopped at the timeout</source>
            <translation>在超时处停止</translation>
        </message>
        <message>
            <source>killed by signal %1</source>
            <translation>被信号 %1 终止</translation>
        </message>
        <message>
            <source>&lt;b&gt;What a trace does.&lt;/b&gt; The script runs the given number of times under each configuration checked, and every ATen op it calls is recorded with its line and a digest of its inputs and outputs. Each run is compared with run 1 op by op. The first op whose outputs differ while its inputs were equal is a &lt;i&gt;cause&lt;/i&gt;, with what makes it repeat; an op that only read a differing input &lt;i&gt;inherits&lt;/i&gt; the difference; a difference that no later op uses is a note, not a cause. The second pass measures how much each cause differs.</source>
            <translation>&lt;b&gt;跟踪做什么。&lt;/b&gt;脚本在每个选中的配置下运行给定的次数，它调用的每个 ATen 算子都连同所在行及其输入和输出的摘要一起被记录下来。每次运行逐个算子与运行 1 比较。第一个在输入相同的情况下输出却不同的算子就是&lt;i&gt;原因&lt;/i&gt;，并附上让它重复的办法；只是读取了不同输入的算子&lt;i&gt;继承&lt;/i&gt;了差异；之后没有任何算子使用的差异只是备注，不是原因。第二遍测量每个原因相差多少。</translation>
        </message>
        <message>
            <source>run %1: %2</source>
            <translation>第 %1 次运行：%2</translation>
        </message>
        <message>
            <source>agrees (%1 ops compared)</source>
            <translation>一致（比较了 %1 个算子）</translation>
        </message>
        <message>
            <source>The job: 1 rank, against the same rank of run 1</source>
            <translation>该作业：1 个 rank，与第 1 次运行的同一 rank 比较</translation>
        </message>
        <message>
            <source>The job: %1 ranks, each against the same rank of run 1</source>
            <translation>该作业：%1 个 rank，各自与第 1 次运行的同一 rank 比较</translation>
        </message>
        <message>
            <source>rank</source>
            <translation>rank</translation>
        </message>
        <message>
            <source>world size</source>
            <translation>world size</translation>
        </message>
        <message>
            <source>backend</source>
            <translation>后端</translation>
        </message>
        <message>
            <source>ops compared</source>
            <translation>已比较的算子</translation>
        </message>
        <message>
            <source>verdict</source>
            <translation>结论</translation>
        </message>
        <message>
            <source>(the script)</source>
            <translation>（脚本本身）</translation>
        </message>
        <message>
            <source>First cause on any rank:</source>
            <translation>各 rank 中的首个原因：</translation>
        </message>
        <message>
            <source>the script's own process</source>
            <translation>脚本自身的进程</translation>
        </message>
        <message>
            <source>rank %1: %2</source>
            <translation>rank %1：%2</translation>
        </message>
        <message>
            <source>Process:</source>
            <translation>进程：</translation>
        </message>
        <message>
            <source>Ranks that should agree do not: collective %1 (%2) gave rank(s) %3 other bits than rank %4 in run 1</source>
            <translation>本应一致的 rank 并不一致：第 %1 个集合通信（%2）在第 1 次运行中给 rank %3 的比特与 rank %4 不同</translation>
        </message>
        <message>
            <source>the first %1 of its %2 kernels left equal tensors in run %3</source>
            <translation>在第 %3 次运行中，其 %2 个内核中的前 %1 个留下的张量相同</translation>
        </message>
        <message>
            <source>its %1 kernels left equal tensors in run %2: the difference came from an ATen call the compiled code makes itself (random seeds, an extern kernel such as mm)</source>
            <translation>在第 %2 次运行中，其 %1 个内核留下的张量都相同：差异来自编译代码自己发出的 ATen 调用（随机种子、mm 等外部内核）</translation>
        </message>
        <message>
            <source>kernel %1 of %2</source>
            <translation>第 %1 个内核（共 %2 个）</translation>
        </message>
        <message>
            <source>kernel %1 (run 1 ran %2, run %3 ran %4)</source>
            <translation>第 %1 个内核（第 1 次运行了 %2 个，第 %3 次运行了 %4 个）</translation>
        </message>
        <message>
            <source>%1: only run %2 ran %3</source>
            <translation>%1：只有第 %2 次运行执行了 %3</translation>
        </message>
        <message>
            <source>%1: only run 1 ran %2</source>
            <translation>%1：只有第 1 次运行执行了 %2</translation>
        </message>
        <message>
            <source>%1: run 1 ran %2 where run %3 ran %4 (Inductor chose other kernels)</source>
            <translation>%1：第 1 次运行执行 %2，而第 %3 次运行执行 %4（Inductor 选择了不同的内核）</translation>
        </message>
        <message>
            <source>%1, %2, is the first after which its tensors differ</source>
            <translation>%1 %2 是第一个运行后其张量不同的内核</translation>
        </message>
        <message>
            <source>Inside:</source>
            <translation>内部：</translation>
        </message>
        <message>
            <source>first cause: %1</source>
            <translation>首个原因：%1</translation>
        </message>
        <message>
            <source>inherited from the script's process at %1</source>
            <translation>继承自脚本自己的进程，在 %1 处</translation>
        </message>
        <message>
            <source>rank %1, %2</source>
            <translation>rank %1，%2</translation>
        </message>
        <message>
            <source>The script's op %1 %2 took the difference from the process pool's tasks (a worker's result): not a cause there.</source>
            <translation>脚本的第 %1 个算子 %2 从进程池的任务（某个工作进程的结果）取得了这一差异：它不是那里的原因。</translation>
        </message>
        <message>
            <source>inherited from the process pool at %1</source>
            <translation>继承自进程池，在 %1 处</translation>
        </message>
        <message>
            <source>inherited from rank %1 at %2</source>
            <translation>继承自 rank %1，在 %2 处</translation>
        </message>
        <message>
            <source>the process pool</source>
            <translation>进程池</translation>
        </message>
        <message>
            <source>the script's processes</source>
            <translation>脚本启动的进程</translation>
        </message>
        <message>
            <source>the process pool and the script's processes</source>
            <translation>进程池与脚本启动的进程</translation>
        </message>
        <message>
            <source>The script's processes: %1, each against the same process of run 1:</source>
            <translation>脚本启动的进程：%1 个，每个进程都与第 1 次运行的同一进程比较：</translation>
        </message>
        <message>
            <source>%1: %2 workers, %3 tasks, each against the same task of run 1:</source>
            <translation>%1：%2 个工作进程，%3 个任务，每个任务都与第 1 次运行的同一任务比较：</translation>
        </message>
        <message>
            <source>The process pool and the script's processes</source>
            <translation>进程池与脚本启动的进程</translation>
        </message>
        <message>
            <source>The process pool</source>
            <translation>进程池</translation>
        </message>
        <message>
            <source>First cause, in %1:</source>
            <translation>首个原因，在%1中：</translation>
        </message>
        <message>
            <source>%1, %2</source>
            <translation>%1，%2</translation>
        </message>
        <message>
            <source>%1 (%2 tasks): %3</source>
            <translation>%1（%2 个任务）：%3</translation>
        </message>
        <message>
            <source>%1 (%2): %3</source>
            <translation>%1（%2 个）：%3</translation>
        </message>
        <message>
            <source>%1 processes that were neither multiprocessing's nor commands ran %2 torch ops in no process group: not compared</source>
            <translation>%1 个既非 multiprocessing 的进程也非命令、未加入进程组的进程运行了 %2 个 torch 算子：未比较</translation>
        </message>
        <message>
            <source>a process the script started failed</source>
            <translation>脚本启动的某个进程失败了</translation>
        </message>
        <message>
            <source>not all compared: ops ran in processes that were neither multiprocessing's nor commands (a bare os.fork's child) and joined no process group, which the trace does not compare</source>
            <translation>未全部比较：有算子运行在既非 multiprocessing 的进程也非命令（例如直接 os.fork 出的子进程）、未加入进程组的进程里，追踪不比较这些算子</translation>
        </message>
        <message>
            <source>exited with %1</source>
            <translation>以 %1 退出</translation>
        </message>
        <message>
            <source>failed in %1, which exited with %2</source>
            <translation>在 %1 中失败，它以 %2 退出</translation>
        </message>
        <message>
            <source>failed in %1, which was killed by signal %2</source>
            <translation>在 %1 中失败，它被信号 %2 终止</translation>
        </message>
        <message>
            <source>absent</source>
            <translation>缺失</translation>
        </message>
        <message>
            <source>%1 was %2 in run 1 and %3 in run %4</source>
            <translation>%1 在第 1 次运行中为 %2，在第 %4 次运行中为 %3</translation>
        </message>
        <message>
            <source>took another number (%1) and gave equal bits: no result depends on it</source>
            <translation>收到了另一个数（%1），但给出的位相同：没有结果依赖于它</translation>
        </message>
        <message>
            <source>gave other bits in run %1; %2 read them and gave equal bits, and nothing else used them: no result depends on them</source>
            <translation>在第 %1 次运行中给出了其他位；%2 读取了它们并给出相同的位，此外没有别的地方用到它们：没有结果依赖于它们</translation>
        </message>
        <message>
            <source>gave other bits in run %1; no op read them before they were overwritten or freed (a library's scratch memory, torch.empty memory an init overwrites): no result depends on them</source>
            <translation>在第 %1 次运行中给出了其他位；在它们被覆盖或释放之前没有算子读取过它们（库的临时内存、初始化会覆盖的 torch.empty 内存）：没有结果依赖于它们</translation>
        </message>
        <message>
            <source>op %1</source>
            <translation>算子 %1</translation>
        </message>
        <message>
            <source>op %1 on thread %2</source>
            <translation>线程 %2 上的算子 %1</translation>
        </message>
        <message>
            <source>%1 at %2</source>
            <translation>%1，位于 %2</translation>
        </message>
        <message>
            <source>run %1 ran %2 where run 1 ran %3 (%4): the op sequences part there (control flow on data?); the alignment stops</source>
            <translation>第 %1 次运行执行了 %2，而第 1 次运行在此执行的是 %3（%4）：算子序列在这里分叉（控制流依赖于数据？）；对齐到此为止</translation>
        </message>
        <message>
            <source>run %1 ran %2 with other tensors than run 1 (%3): the alignment stops there</source>
            <translation>第 %1 次运行执行 %2 时用的张量与第 1 次运行不同（%3）：对齐到此为止</translation>
        </message>
        <message>
            <source>run 1 ended before %1; run %2 went on (%3)</source>
            <translation>第 1 次运行在 %1 之前结束；第 %2 次运行继续执行（%3）</translation>
        </message>
        <message>
            <source>run %1 ended before %2, which run 1 ran (%3)</source>
            <translation>第 %1 次运行在 %2 之前结束，而第 1 次运行执行了它（%3）</translation>
        </message>
        <message>
            <source>Arguments:</source>
            <translation>参数：</translation>
        </message>
        <message>
            <source>gave other bits in runs %1; %2 read them and gave equal bits, and nothing else used them: no result depends on them</source>
            <translation>在第 %1 次运行中给出了其他位；%2 读取了它们并给出相同的位，此外没有别的地方用到它们：没有结果依赖于它们</translation>
        </message>
        <message>
            <source>gave other bits in runs %1; no op read them before they were overwritten or freed (a library's scratch memory, torch.empty memory an init overwrites): no result depends on them</source>
            <translation>在第 %1 次运行中给出了其他位；在它们被覆盖或释放之前没有算子读取过它们（库的临时内存、初始化会覆盖的 torch.empty 内存）：没有结果依赖于它们</translation>
        </message>
        <message>
            <source>the runs differ in a result</source>
            <translation>各次运行在一个结果上不同</translation>
        </message>
        <message>
            <source>what the script took out with %1 in run %2 differs from run 1's, and no difference the trace followed reaches it: it may come through memory the digests cannot follow (a view taken before a write, a NumPy array over a tensor's memory) from %3, counted as causes</source>
            <translation>脚本在第 %2 次运行中通过 %1 取出的内容与第 1 次运行不同，且追踪所跟踪的差异都没有到达它：它可能经由摘要无法跟踪的内存（写入之前取得的视图、与张量共享内存的 NumPy 数组）来自 %3，已计为原因</translation>
        </message>
        <message>
            <source>A result differs:</source>
            <translation>有结果不同：</translation>
        </message>
        <message>
            <source>what the script took out with %1 in run %2 differs from run 1's, and no difference the trace followed reaches it: the script took out other tensors than in run 1 (chosen in Python: an order, a set's order, a choice that depends on the run) or memory that no op wrote</source>
            <translation>脚本在第 %2 次运行中通过 %1 取出的内容与第 1 次运行不同，且追踪所跟踪的差异都没有到达它：脚本取出的是与第 1 次运行不同的张量（在 Python 中选定：顺序、集合的顺序、依赖于运行的选择），或是没有算子写过的内存</translation>
        </message>
        <message>
            <source>given other tensors than in run 1: tensors this run made, equal to run 1's where they were made, that the script chose in another order or by another choice</source>
            <translation>得到的张量与第 1 次运行不同：这些张量由本次运行产生，在产生处与第 1 次运行相同，但脚本以另一种顺序或另一种选择交给了它</translation>
        </message>
        <message>
            <source>stopped (cancelled) in %1</source>
            <translation>已停止（已取消），于 %1</translation>
        </message>
        <message>
            <source>stopped at the timeout in %1</source>
            <translation>在超时处停止，于 %1</translation>
        </message>
        <message>
            <source>before any op</source>
            <translation>在任何算子之前</translation>
        </message>
        <message>
            <source>after op %1</source>
            <translation>在算子 %1 之后</translation>
        </message>
        <message>
            <source>after op %1 on thread %2</source>
            <translation>在线程 %2 的算子 %1 之后</translation>
        </message>
        <message>
            <source>an unknown line</source>
            <translation>未知的行</translation>
        </message>
        <message>
            <source>In the process pool: %1</source>
            <translation>在进程池中：%1</translation>
        </message>
        <message>
            <source>Rank %1: %2</source>
            <translation>rank %1：%2</translation>
        </message>
        <message>
            <source>The script read %2 in %1 (opened at %3, %4), written after the trace began and before run %5 did: what an earlier run left. Runs that start from what another run left do not start alike, however they are seeded: remove it before each run, or keep the script from reading it while it is traced.</source>
            <translation>脚本在%1中读取了 %2（在 %3 打开，%4），该文件写于追踪开始之后、第 %5 次运行开始之前：是较早的运行留下的。从其他运行留下的东西开始的运行，起点并不相同，无论如何设种子：在每次运行前删除它，或在追踪时不让脚本读取它。</translation>
        </message>
        <message>
            <source>run %1</source>
            <translation>第 %1 次运行</translation>
        </message>
        <message>
            <source>runs %1</source>
            <translation>第 %1 次运行</translation>
        </message>
        <message>
            <source>One other file too: the report lists it.</source>
            <translation>另有一个文件：报告中已列出。</translation>
        </message>
        <message>
            <source>%1 other files too: the report lists them.</source>
            <translation>另有 %1 个文件：报告中全部列出。</translation>
        </message>
        <message>
            <source>The script read %2 in %1 (opened at %3, %4), written after the trace began and before run %5 did: what an earlier run left. The runs agree starting from it; runs without it were not compared: remove it before tracing to compare runs from the start.</source>
            <translation>脚本在%1中读取了 %2（在 %3 打开，%4），该文件写于追踪开始之后、第 %5 次运行开始之前：是较早的运行留下的。各次运行从它开始时结果一致；没有它的运行未被比较：追踪前删除它，以便从头比较各次运行。</translation>
        </message>
        <message>
            <source>, each run starting from a file an earlier run left</source>
            <translation>，每次运行都从较早运行留下的文件开始</translation>
        </message>
        <message>
            <source>they part at %1</source>
            <translation>在 %1 处分叉</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::TrainingDivergencePlotWidget</name>
        <message>
            <source>default settings</source>
            <translation>默认设置</translation>
        </message>
        <message>
            <source>full determinism</source>
            <translation>完全确定性</translation>
        </message>
        <message>
            <source>step</source>
            <translation>步</translation>
        </message>
        <message>
            <source>How far the weights drift from run 1's (no point: identical)</source>
            <translation>权重偏离第 1 次运行的程度（无点：完全相同）</translation>
        </message>
        <message>
            <source>‖θ − θ of run 1‖ / ‖θ of run 1‖</source>
            <translation>‖θ − 第 1 次运行的 θ‖ / ‖第 1 次运行的 θ‖</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::TrainingLossPlotWidget</name>
        <message numerus="yes">
            <source>default settings (%n runs)</source>
            <translation>
                <numerusform>默认设置（%n 次运行）</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>full determinism (%n runs)</source>
            <translation>
                <numerusform>完全确定性（%n 次运行）</numerusform>
            </translation>
        </message>
        <message>
            <source>Training loss of every run</source>
            <translation>每次运行的训练损失</translation>
        </message>
        <message>
            <source>step</source>
            <translation>步</translation>
        </message>
        <message>
            <source>loss</source>
            <translation>损失</translation>
        </message>
        <message>
            <source>loss − run 1's</source>
            <translation>损失 − 第 1 次运行的</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::UlpHistogramPlotWidget</name>
        <message>
            <source>Element differences from trial 0, in ULPs</source>
            <translation>与试验 0 的逐元素差异（ULP）</translation>
        </message>
        <message>
            <source>no element differs</source>
            <translation>没有元素不同</translation>
        </message>
        <message>
            <source>%1 differing elements over all trials</source>
            <translation>所有试验中共 %1 个不同元素</translation>
        </message>
        <message>
            <source>differing elements</source>
            <translation>不同的元素</translation>
        </message>
        <message>
            <source>distance (ULPs)</source>
            <translation>距离（ULP）</translation>
        </message>
        <message>
            <source>elements (log)</source>
            <translation>元素数（对数）</translation>
        </message>
        <message>
            <source>%1 ULPs: %2 elements</source>
            <translation>%1 ULP：%2 个元素</translation>
        </message>
        <message>
            <source>no trials</source>
            <translation>没有试验</translation>
        </message>
    </context>
    <context>
        <name>detbench::gui::WindowActions</name>
        <message>
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>Open &amp;recent</source>
            <translation>最近打开(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Run</source>
            <translation>运行(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>语言(&amp;L)</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;New project</source>
            <translation>新建项目(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Open…</source>
            <translation>打开(&amp;O)…</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>保存(&amp;S)</translation>
        </message>
        <message>
            <source>Save &amp;as…</source>
            <translation>另存为(&amp;A)…</translation>
        </message>
        <message>
            <source>&amp;Export report…</source>
            <translation>导出报告(&amp;E)…</translation>
        </message>
        <message>
            <source>Export &amp;plots (PNG and SVG)…</source>
            <translation>导出图表（PNG 和 SVG）(&amp;P)…</translation>
        </message>
        <message>
            <source>&amp;Copy as Markdown</source>
            <translation>复制为 Markdown(&amp;C)</translation>
        </message>
        <message>
            <source>Export for &amp;PyTorch…</source>
            <translation>导出给 PyTorch(&amp;P)…</translation>
        </message>
        <message>
            <source>A Python script and the inputs that repeat this run in PyTorch, for a bug report</source>
            <translation>一个 Python 脚本及其输入，用来在 PyTorch 中重复这次运行，便于提交缺陷报告</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <source>Run</source>
            <translation>运行</translation>
        </message>
        <message>
            <source>Run the op's trials with the current settings (Ctrl+R)</source>
            <translation>用当前设置运行该运算的试验（Ctrl+R）</translation>
        </message>
        <message>
            <source>Compare</source>
            <translation>对比</translation>
        </message>
        <message>
            <source>Run the checked configurations side by side (Ctrl+Shift+R)</source>
            <translation>并列运行勾选的配置（Ctrl+Shift+R）</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>&amp;About detbench</source>
            <translation>关于 detbench(&amp;A)</translation>
        </message>
        <message>
            <source>&amp;Guide: from what you see to what to set</source>
            <translation>指南：从看到的现象到该设置什么(&amp;G)</translation>
        </message>
        <message>
            <source>G&amp;lossary</source>
            <translation>术语表(&amp;L)</translation>
        </message>
        <message>
            <source>HTML, PDF, Markdown, JSON or CSV: the comparison on the Compare tab, the last run on the others (the Invariance tab: its run; the Trace tab: the trace, as JSON, Markdown, CSV of its causes, or its plot)</source>
            <translation>HTML、PDF、Markdown、JSON 或 CSV：在比较标签页导出这次比较，在其他标签页导出上一次运行（不变性标签页：它的运行；跟踪标签页：跟踪结果，可导出为 JSON、Markdown、原因的 CSV 或它的图）</translation>
        </message>
        <message>
            <source>Slurm &amp;batch jobs…</source>
            <translation>Slurm 批处理作业(&amp;B)…</translation>
        </message>
        <message>
            <source>The jobs that --slurm-batch submitted: their state, Cancel, and their reports</source>
            <translation>--slurm-batch 提交的作业：它们的状态、取消，以及它们的报告</translation>
        </message>
    </context>
</TS>
