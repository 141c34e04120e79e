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
};

}  // namespace detbench::gui
