#pragma once
// The parameters of the chosen op (sizes and shapes, from its ParamSpec list), the trial count,
// warm-up and data seed. Invalid values are refused in the form, with the reason next to the
// field; the shapes and dtypes the parameters give are shown below.

#include <QString>
#include <QWidget>
#include <optional>
#include <string>
#include <vector>

#include "detbench/op/OpParams.hpp"

class QFormLayout;
class QGridLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace detbench::gui {

class OpParamsWidget : public QWidget {
  Q_OBJECT

 public:
  explicit OpParamsWidget(QWidget* parent = nullptr);

  // Rebuilds the fields for `op` with its defaults.
  void setOp(const QString& op);
  QString op() const { return op_; }
  // The parameters shown, or nullopt when one is invalid (see problem()).
  std::optional<OpParams> params() const;
  void setParams(const OpParams& params);
  int trials() const;
  void setTrials(int trials);
  int warmup() const;
  void setWarmup(int warmup);
  std::uint64_t dataSeed() const;
  void setDataSeed(std::uint64_t seed);
  QString problem() const;

 signals:
  void changed();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  struct Field {
    QString name;
    QLabel* label;
    QLineEdit* edit;
    QLabel* error;
    std::int64_t min, max;
    std::string help;  // the core's English help, translated when shown
  };
  void retranslate();
  void validate();
  QString fieldProblem(const Field& field) const;

  QString op_;
  QFormLayout* form_;
  QWidget* paramsBox_;
  QGridLayout* paramsGrid_;
  std::vector<Field> fields_;
  QSpinBox* trials_;
  QSpinBox* warmup_;
  QLineEdit* dataSeed_;
  QLabel* shapes_;
  QLabel* shapesError_;
  QLabel* labels_[3];
};

}  // namespace detbench::gui
