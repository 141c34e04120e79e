#pragma once
// The op catalog as a table: one row per op, with badges for what its default implementation
// does on the chosen device class, whether a deterministic alternative exists, and what
// deterministic (error) mode does.

#include <QAbstractTableModel>

#include "detbench/catalog/OpCatalog.hpp"

namespace detbench::gui {

class OpCatalogModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Op, Default, Alternative, ErrorMode, PyTorchApi, ColumnCount };
  enum Badge {
    Reproducible,
    Nondeterministic,
    Exact,
    Available,
    Extension,
    Missing,
    Contrast,
    Raises,
    Switches,
    None
  };

  explicit OpCatalogModel(QObject* parent = nullptr);

  void setTraitsClass(TraitsClass cls);
  TraitsClass traitsClass() const { return cls_; }
  // The PyTorch release whose traits the table shows.
  void setRelease(PyTorchRelease release);
  PyTorchRelease release() const { return release_; }
  QString opAt(int row) const;
  int rowOf(const QString& op) const;
  // The badge shown in a cell (for tests and the legend).
  Badge badge(int row, Column column) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

  // The catalog's English texts (summary, note) in the current language.
  static QString translatedCatalogText(std::string_view english);

 private:
  QString badgeText(Badge badge, const DeviceTraits& traits) const;
  TraitsClass cls_ = TraitsClass::Cuda;
  PyTorchRelease release_ = newestCatalogRelease();
};

}  // namespace detbench::gui
