// The catalog's English texts (core/src/OpCatalog.cpp), listed here so that lupdate finds
// them and translators can translate them; OpCatalogModel::translatedCatalogText looks them up.
// tests/gui/app/MainWindowTest.cpp checks that every catalog text has a translation, so a text
// changed in the core without changing it here fails there.

#include <QtGlobal>

namespace detbench::gui {

[[maybe_unused]] static const char* const kCatalogTexts[] = {
    QT_TRANSLATE_NOOP("OpCatalog",
                      "out[index[i], :] += source[i, :] along dim 0, rows of D columns"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "deterministic mode sorts the indices and reduces each run in index order"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "out[index[i]] += src[i] (1-D), or along dim 0 or 1 of a 2-D tensor"),
    QT_TRANSLATE_NOOP("OpCatalog", "counts of each value, without weights"),
    QT_TRANSLATE_NOOP(
        "OpCatalog", "integer atomics: the order of the adds varies but integer addition is exact"),
    QT_TRANSLATE_NOOP("OpCatalog", "sum of float weights per value"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "PyTorch has no deterministic form with weights; detbench's extension "
                      "reduces each bin in index order"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "gradient of the embedding table: each bag's gradient added to its rows"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "PyTorch's CUDA kernel sorts the indices (deterministic) for sum and mean; "
                      "the atomic form is a contrast, not PyTorch's default"),
    QT_TRANSLATE_NOOP("OpCatalog", "sum of all elements to a scalar"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "PyTorch reduces in a fixed tree (deterministic); the atomic-partials form "
                      "is a contrast, not PyTorch's default"),
    QT_TRANSLATE_NOOP("OpCatalog", "gradient routed to each window's argmax; windows overlap"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "PyTorch's CUDA kernel gathers per input element (deterministic); the atomic "
                      "scatter form is a contrast, not PyTorch's default"),
    QT_TRANSLATE_NOOP("OpCatalog", "each output gradient spread over its four source pixels"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "PyTorch has no deterministic form; detbench's extension reduces each plane "
                      "in a fixed order"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "each output gradient spread evenly over its (overlapping) window"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "each output gradient spread over its adaptive (overlapping) window"),
    QT_TRANSLATE_NOOP("OpCatalog", "counts of float values in equal-width bins"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "PyTorch adds 1.0 per value with float atomics and raises in error mode; "
                      "adding 1.0 is exact below 2^24 per bin, so the counts agree run to run in "
                      "practice. detbench's extension counts each bin in index order"),
    QT_TRANSLATE_NOOP("OpCatalog", "running sum of a float vector"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "the single-pass scan takes each tile's prefix from whichever predecessors "
                      "have published theirs (decoupled look-back), so the additions associate "
                      "differently run to run; detbench's extension combines the tiles in order"),
    QT_TRANSLATE_NOOP(
        "OpCatalog",
        "float32 matrix product through cuBLAS, optionally on several streams at once"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "one cuBLAS GEMM gives the same bits run to run on one stream; several "
                      "streams sharing a handle and its workspace may not. Deterministic mode "
                      "needs CUBLAS_WORKSPACE_CONFIG=:4096:8 or :16:8 (PyTorch up to 2.8). The "
                      "atomic form is a split-K contrast, not PyTorch's default"),
    QT_TRANSLATE_NOOP("OpCatalog", "2-D convolution through cuDNN (NCHW, float32)"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "every cuDNN forward algorithm is deterministic, but cudnn.benchmark picks "
                      "one by timing, so another run may pick another and get other bits; the "
                      "atomic form is a detbench contrast on cpu-threads only"),
    QT_TRANSLATE_NOOP("OpCatalog", "gradient of a 2-D convolution's input through cuDNN"),
    QT_TRANSLATE_NOOP(
        "OpCatalog",
        "cuDNN may choose an algorithm that adds with atomics (BWD_DATA_ALGO_0); "
        "cudnn.deterministic or deterministic mode keeps only deterministic algorithms"),
    QT_TRANSLATE_NOOP("OpCatalog", "gradient of a 2-D convolution's weight through cuDNN"),
    QT_TRANSLATE_NOOP(
        "OpCatalog",
        "cuDNN may choose an algorithm that adds with atomics (BWD_FILTER_ALGO_0 or 3); "
        "cudnn.deterministic or deterministic mode keeps only deterministic algorithms"),
    QT_TRANSLATE_NOOP("OpCatalog", "uniform random numbers in [0, 1)"),
    QT_TRANSLATE_NOOP("OpCatalog", "standard normal random numbers"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "zero each element with probability p, scale the rest by 1 / (1 - p)"),
    QT_TRANSLATE_NOOP(
        "OpCatalog",
        "PyTorch's CPU generator (Mersenne Twister), reproduced bit for bit: the same seed gives "
        "the same numbers; without a seed each trial (a fresh process) gets other numbers"),
    QT_TRANSLATE_NOOP("OpCatalog",
                      "a counter-based Philox generator, as on CUDA: the same seed gives the same "
                      "numbers, but other numbers than the CPU generator gives for that seed; "
                      "without a seed each trial gets other numbers"),
};

}  // namespace detbench::gui
