#include "models/OpCatalogModel.hpp"

#include <QBrush>
#include <QColor>
#include <QCoreApplication>

#include "common/Text.hpp"

namespace detbench::gui {

OpCatalogModel::OpCatalogModel(QObject* parent) : QAbstractTableModel(parent) {}

void OpCatalogModel::setTraitsClass(TraitsClass cls) {
  if (cls == cls_) return;
  cls_ = cls;
  emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void OpCatalogModel::setRelease(PyTorchRelease release) {
  if (release == release_) return;
  release_ = release;
  emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

QString OpCatalogModel::opAt(int row) const {
  const auto ops = opCatalog(release_);
  if (row < 0 || row >= static_cast<int>(ops.size())) return {};
  return qstr(ops[static_cast<std::size_t>(row)].name);
}

int OpCatalogModel::rowOf(const QString& op) const {
  const auto ops = opCatalog(release_);
  for (std::size_t i = 0; i < ops.size(); ++i) {
    if (qstr(ops[i].name) == op) return static_cast<int>(i);
  }
  return -1;
}

int OpCatalogModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(opCatalog(release_).size());
}

int OpCatalogModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

OpCatalogModel::Badge OpCatalogModel::badge(int row, Column column) const {
  const DeviceTraits& t = opCatalog(release_)[static_cast<std::size_t>(row)].traits(cls_);
  switch (column) {
    case Default:
      if (!t.nondeterministicByDefault) {
        return t.source == NondeterminismSource::IntegerAtomics ||
                       t.source == NondeterminismSource::OrderFreeAtomics
                   ? Exact
                   : Reproducible;
      }
      return Nondeterministic;
    case Alternative:
      if (t.detbenchExtension) return Extension;
      if (t.errorMode == ErrorModeBehavior::SwitchesToDeterministic) return Available;
      if (t.errorMode == ErrorModeBehavior::Raises) return Missing;
      if (t.nondeterministicByDefault) return Missing;  // PyTorch leaves it as it is
      if (t.atomicContrast) return Contrast;
      return None;
    case ErrorMode:
      if (t.errorMode == ErrorModeBehavior::Raises) return Raises;
      if (t.errorMode == ErrorModeBehavior::SwitchesToDeterministic) return Switches;
      // Runs as is: deterministic, or left nondeterministic (PyTorch does not check it).
      return t.nondeterministicByDefault ? Nondeterministic : Reproducible;
    default:
      return None;
  }
}

QString OpCatalogModel::badgeText(Badge b, const DeviceTraits& t) const {
  switch (b) {
    case Reproducible:
      return tr("deterministic");
    case Exact:
      return t.source == NondeterminismSource::OrderFreeAtomics ? tr("atomics, exact (maximum)")
                                                                : tr("atomics, exact (integers)");
    case Nondeterministic:
      switch (t.source) {
        case NondeterminismSource::FloatAtomics:
          return tr("nondeterministic: float atomics");
        case NondeterminismSource::RacingWrites:
          return tr("nondeterministic: racing writes");
        case NondeterminismSource::UninitializedMemory:
          return tr("nondeterministic: uninitialized memory");
        case NondeterminismSource::AlgorithmChoice:
          return tr("nondeterministic: algorithm choice");
        case NondeterminismSource::Autotuning:
          return tr("nondeterministic: autotuning");
        case NondeterminismSource::Rng:
          return tr("nondeterministic: random numbers");
        default:
          return tr("nondeterministic");
      }
    case Available:
      return tr("yes (PyTorch)");
    case Extension:
      return tr("detbench extension only");
    case Missing:
      return tr("none");
    case Contrast:
      return tr("not needed; atomic contrast offered");
    case Raises:
      return tr("raises");
    case Switches:
      return tr("switches to deterministic");
    case None:
      return tr("not needed");
  }
  return {};
}

QVariant OpCatalogModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const OpTraits& op = opCatalog(release_)[static_cast<std::size_t>(index.row())];
  const DeviceTraits& t = op.traits(cls_);
  const auto column = static_cast<Column>(index.column());
  if (role == Qt::DisplayRole) {
    switch (column) {
      case Op:
        return qstr(op.name);
      case PyTorchApi:
        return qstr(op.pytorchApi);
      default:
        return badgeText(badge(index.row(), column), t);
    }
  }
  if (role == Qt::ToolTipRole) {
    QString tip = QStringLiteral("<b>%1</b><br>%2<br><i>%3</i>")
                      .arg(qstr(op.name), translatedCatalogText(op.summary), qstr(op.pytorchApi));
    if (!t.note.empty()) tip += QStringLiteral("<br><br>") + translatedCatalogText(t.note);
    if (cls_ == TraitsClass::Cuda) {
      tip += QStringLiteral("<br><br>") + tr("PyTorch %1 (these traits since %2). Source: %3")
                                              .arg(qstr(toString(op.release)),
                                                   qstr(toString(op.cudaSince)),
                                                   qstr(op.cudaSource).toHtmlEscaped());
    }
    return tip;
  }
  if (role == Qt::BackgroundRole && column != Op && column != PyTorchApi) {
    switch (badge(index.row(), column)) {
      case Nondeterministic:
      case Raises:
      case Missing:
        return QBrush(QColor(253, 226, 226));
      case Reproducible:
      case Exact:
      case Available:
      case Switches:
        return QBrush(QColor(223, 243, 225));
      case Extension:
      case Contrast:
        return QBrush(QColor(255, 243, 214));
      case None:
        return {};
    }
  }
  if (role == Qt::ForegroundRole && column != Op && column != PyTorchApi) {
    return QBrush(QColor(40, 40, 40));
  }
  return {};
}

QVariant OpCatalogModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  // The release is in the settings beside the catalog and in the tooltip: the header stays short
  // enough for its column.
  if (role == Qt::ToolTipRole && section == ErrorMode) {
    return tr("What torch.use_deterministic_algorithms(True) does to the op in PyTorch %1")
        .arg(qstr(toString(release_)));
  }
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case Op:
      return tr("Op");
    case Default:
      return tr("Default");
    case Alternative:
      return tr("Deterministic alternative");
    case ErrorMode:
      return tr("Error mode");
    case PyTorchApi:
      return tr("PyTorch call");
    default:
      return {};
  }
}

QString OpCatalogModel::translatedCatalogText(std::string_view english) {
  const std::string s(english);
  return QCoreApplication::translate("OpCatalog", s.c_str());
}

}  // namespace detbench::gui
