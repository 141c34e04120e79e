#pragma once
// The recipe check of the Demos tab: the user ticks what their code does for reproducibility
// (seeds, Generator objects, DataLoader, PYTHONHASHSEED, cuDNN flags, deterministic mode,
// CUBLAS_WORKSPACE_CONFIG) and sees at once what stays uncovered and why, each point with a
// link to the scenario that shows it. Recipes open from and save to the JSON or TOML files of
// `detbench recipe --file`.

#include <QString>
#include <QWidget>

#include "detbench/recipe/RecipeCheck.hpp"

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTextBrowser;

namespace detbench::gui {

class RecipeCheckWidget : public QWidget {
  Q_OBJECT

 public:
  explicit RecipeCheckWidget(QWidget* parent = nullptr);

  recipe::SeedingRecipe recipe() const;
  void setRecipe(const recipe::SeedingRecipe& recipe);
  void setLanguage(const QString& language);
  // The findings shown now, and their text (for tests).
  const std::vector<recipe::Finding>& findings() const { return findings_; }
  QString resultText() const;

  // Reads a recipe file into the form; false with the reason in `error` when it cannot.
  bool openFile(const QString& path, QString* error);
  bool saveFile(const QString& path, QString* error) const;

 signals:
  // A point's "shown by" link was clicked.
  void scenarioRequested(const QString& name);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void recheck();
  void openClicked();
  void saveClicked();

  QString language_ = QStringLiteral("en");
  QWidget* form_;
  QScrollArea* scroll_;
  bool filling_ = false;  // setRecipe is filling the form: one recheck at the end
  QGroupBox* whereBox_;
  QComboBox* device_;
  QComboBox* pytorch_;
  QLabel* deviceLabel_;
  QLabel* pytorchLabel_;
  QGroupBox* seedsBox_;
  QCheckBox* torchSeed_;
  QCheckBox* randomSeed_;
  QCheckBox* numpySeed_;
  QLabel* generatorsLabel_;
  QComboBox* generators_;
  QGroupBox* loaderBox_;
  QLabel* workersLabel_;
  QSpinBox* workers_;
  QCheckBox* loaderGenerator_;
  QCheckBox* workerInitFn_;
  QCheckBox* workerOtherRngs_;
  QGroupBox* pythonBox_;
  QLabel* hashSeedLabel_;
  QComboBox* hashSeed_;
  QCheckBox* stringSets_;
  QGroupBox* flagsBox_;
  QCheckBox* cudnnBenchmark_;
  QCheckBox* cudnnDeterministic_;
  QLabel* deterministicLabel_;
  QComboBox* deterministic_;
  QGroupBox* cublasBox_;
  QLabel* cublasLabel_;
  QComboBox* cublas_;
  QLabel* cublasWhenLabel_;
  QComboBox* cublasWhen_;
  QPushButton* openButton_;
  QPushButton* saveButton_;
  QPushButton* resetButton_;
  QLabel* summary_;
  QTextBrowser* result_;
  std::vector<recipe::Finding> findings_;
};

}  // namespace detbench::gui
