#include "widgets/RecipeCheckWidget.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>
#include <nlohmann/json.hpp>

#include "common/FileWriter.hpp"
#include "common/Text.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"
#include "detbench/demo/Scenario.hpp"
#include "detbench/recipe/RecipeFile.hpp"

namespace detbench::gui {

namespace {

using recipe::FindingStatus;

// A combo box whose items carry the core's names as data, so that retranslating changes only
// the texts.
QComboBox* choices(QWidget* parent, std::initializer_list<const char*> values) {
  auto* box = new QComboBox(parent);
  box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  for (const char* v : values) box->addItem(QString(), QString::fromLatin1(v));
  return box;
}

void setTexts(QComboBox* box, const QStringList& texts) {
  for (int i = 0; i < box->count() && i < texts.size(); ++i) box->setItemText(i, texts[i]);
}

std::string dataOf(const QComboBox* box) {
  return box->currentData().toString().toStdString();
}

void selectData(QComboBox* box, std::string_view value) {
  const int i = box->findData(qstr(value));
  if (i >= 0) box->setCurrentIndex(i);
}

}  // namespace

RecipeCheckWidget::RecipeCheckWidget(QWidget* parent) : QWidget(parent) {
  form_ = new QWidget(this);
  QWidget* form = form_;
  auto* formLayout = new QVBoxLayout(form);

  whereBox_ = new QGroupBox(form);
  auto* where = new QFormLayout(whereBox_);
  device_ = choices(whereBox_, {"cuda", "cpu"});
  pytorch_ = new QComboBox(whereBox_);
  for (const PyTorchRelease r : catalogReleases()) {
    pytorch_->addItem(qstr(toString(r)), qstr(toString(r)));
  }
  deviceLabel_ = new QLabel(whereBox_);
  pytorchLabel_ = new QLabel(whereBox_);
  where->addRow(deviceLabel_, device_);
  where->addRow(pytorchLabel_, pytorch_);

  seedsBox_ = new QGroupBox(form);
  auto* seeds = new QFormLayout(seedsBox_);
  torchSeed_ = new QCheckBox(QStringLiteral("torch.manual_seed(seed)"), seedsBox_);
  randomSeed_ = new QCheckBox(QStringLiteral("random.seed(seed)"), seedsBox_);
  numpySeed_ = new QCheckBox(QStringLiteral("np.random.seed(seed)"), seedsBox_);
  generators_ = choices(seedsBox_, {"none", "seeded", "unseeded"});
  generatorsLabel_ = new QLabel(seedsBox_);
  seeds->addRow(torchSeed_);
  seeds->addRow(randomSeed_);
  seeds->addRow(numpySeed_);
  seeds->addRow(generatorsLabel_, generators_);

  loaderBox_ = new QGroupBox(form);
  auto* loader = new QFormLayout(loaderBox_);
  workers_ = new QSpinBox(loaderBox_);
  workers_->setRange(0, 1024);
  workersLabel_ = new QLabel(loaderBox_);
  loaderGenerator_ = new QCheckBox(loaderBox_);
  workerInitFn_ = new QCheckBox(loaderBox_);
  workerOtherRngs_ = new QCheckBox(loaderBox_);
  loader->addRow(workersLabel_, workers_);
  loader->addRow(loaderGenerator_);
  loader->addRow(workerInitFn_);
  loader->addRow(workerOtherRngs_);

  pythonBox_ = new QGroupBox(form);
  auto* python = new QFormLayout(pythonBox_);
  hashSeed_ = choices(pythonBox_, {"unset", "before-start", "in-script"});
  hashSeedLabel_ = new QLabel(QStringLiteral("PYTHONHASHSEED"), pythonBox_);
  stringSets_ = new QCheckBox(pythonBox_);
  python->addRow(hashSeedLabel_, hashSeed_);
  python->addRow(stringSets_);

  flagsBox_ = new QGroupBox(form);
  auto* flags = new QFormLayout(flagsBox_);
  cudnnBenchmark_ = new QCheckBox(QStringLiteral("cudnn.benchmark = True"), flagsBox_);
  cudnnDeterministic_ = new QCheckBox(QStringLiteral("cudnn.deterministic = True"), flagsBox_);
  deterministic_ = choices(flagsBox_, {"off", "warn", "error"});
  deterministicLabel_ = new QLabel(QStringLiteral("use_deterministic_algorithms"), flagsBox_);
  flags->addRow(cudnnBenchmark_);
  flags->addRow(cudnnDeterministic_);
  flags->addRow(deterministicLabel_, deterministic_);

  cublasBox_ = new QGroupBox(QStringLiteral("CUBLAS_WORKSPACE_CONFIG"), form);
  auto* cublas = new QFormLayout(cublasBox_);
  cublas_ = choices(cublasBox_, {"", ":4096:8", ":16:8"});
  cublasWhen_ = choices(cublasBox_, {"before-cuda", "after-cuda"});
  cublasLabel_ = new QLabel(cublasBox_);
  cublasWhenLabel_ = new QLabel(cublasBox_);
  cublas->addRow(cublasLabel_, cublas_);
  cublas->addRow(cublasWhenLabel_, cublasWhen_);

  openButton_ = new QPushButton(QIcon(QStringLiteral(":/icons/open.svg")), QString(), form);
  saveButton_ = new QPushButton(QIcon(QStringLiteral(":/icons/save.svg")), QString(), form);
  resetButton_ = new QPushButton(form);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(openButton_);
  buttons->addWidget(saveButton_);
  buttons->addWidget(resetButton_);
  buttons->addStretch(1);

  for (QWidget* box : {static_cast<QWidget*>(whereBox_), static_cast<QWidget*>(seedsBox_),
                       static_cast<QWidget*>(loaderBox_), static_cast<QWidget*>(pythonBox_),
                       static_cast<QWidget*>(flagsBox_), static_cast<QWidget*>(cublasBox_)}) {
    formLayout->addWidget(box);
  }
  formLayout->addLayout(buttons);
  formLayout->addStretch(1);
  scroll_ = new QScrollArea(this);
  QScrollArea* scroll = scroll_;
  scroll->setWidget(form);
  scroll->setWidgetResizable(true);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

  summary_ = new QLabel(this);
  summary_->setWordWrap(true);
  summary_->setTextFormat(Qt::RichText);
  result_ = new QTextBrowser(this);
  result_->setOpenLinks(false);
  auto* right = new QWidget(this);
  auto* rightLayout = new QVBoxLayout(right);
  rightLayout->setContentsMargins(0, 0, 0, 0);
  rightLayout->addWidget(summary_);
  rightLayout->addWidget(result_, 1);

  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(scroll);
  split->addWidget(right);
  split->setStretchFactor(1, 1);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(split);

  for (QCheckBox* c : {torchSeed_, randomSeed_, numpySeed_, loaderGenerator_, workerInitFn_,
                       workerOtherRngs_, stringSets_, cudnnBenchmark_, cudnnDeterministic_}) {
    connect(c, &QCheckBox::toggled, this, &RecipeCheckWidget::recheck);
  }
  for (QComboBox* c :
       {device_, pytorch_, generators_, hashSeed_, deterministic_, cublas_, cublasWhen_}) {
    connect(c, &QComboBox::currentIndexChanged, this, &RecipeCheckWidget::recheck);
  }
  connect(workers_, &QSpinBox::valueChanged, this, &RecipeCheckWidget::recheck);
  connect(result_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
    if (url.scheme() == QStringLiteral("scenario")) emit scenarioRequested(url.path());
  });
  connect(openButton_, &QPushButton::clicked, this, &RecipeCheckWidget::openClicked);
  connect(saveButton_, &QPushButton::clicked, this, &RecipeCheckWidget::saveClicked);
  connect(resetButton_, &QPushButton::clicked, this, [this] {
    recipe::SeedingRecipe fresh;
    fresh.pytorch = defaultPyTorchRelease().release;
    setRecipe(fresh);
  });

  recipe::SeedingRecipe start;
  start.pytorch = defaultPyTorchRelease().release;
  setRecipe(start);
  retranslate();
}

recipe::SeedingRecipe RecipeCheckWidget::recipe() const {
  recipe::SeedingRecipe r;
  r.device = recipe::parseRecipeDevice(dataOf(device_)).value_or(recipe::RecipeDevice::Cuda);
  r.pytorch = parsePyTorchRelease(dataOf(pytorch_)).value_or(newestCatalogRelease());
  r.torchManualSeed = torchSeed_->isChecked();
  r.randomSeed = randomSeed_->isChecked();
  r.numpySeed = numpySeed_->isChecked();
  r.numpyGenerators =
      recipe::parseGeneratorUse(dataOf(generators_)).value_or(recipe::GeneratorUse::None);
  r.dataloaderWorkers = workers_->value();
  r.dataloaderGenerator = loaderGenerator_->isChecked();
  r.workerInitFn = workerInitFn_->isChecked();
  r.workerOtherRngs = workerOtherRngs_->isChecked();
  r.stringSetOrder = stringSets_->isChecked();
  r.pythonHashSeed =
      recipe::parseHashSeedWhen(dataOf(hashSeed_)).value_or(recipe::HashSeedWhen::Unset);
  r.cudnnBenchmark = cudnnBenchmark_->isChecked();
  r.cudnnDeterministic = cudnnDeterministic_->isChecked();
  r.deterministic = parseDeterministicMode(dataOf(deterministic_)).value_or(DeterministicMode::Off);
  const std::string cublas = dataOf(cublas_);
  if (!cublas.empty()) r.cublasWorkspaceConfig = WorkspaceConfig::parse(cublas);
  r.cublasSet = recipe::parseSetWhen(dataOf(cublasWhen_)).value_or(recipe::SetWhen::BeforeCuda);
  return r;
}

void RecipeCheckWidget::setRecipe(const recipe::SeedingRecipe& r) {
  filling_ = true;
  selectData(device_, recipe::toString(r.device));
  selectData(pytorch_, toString(r.pytorch));
  torchSeed_->setChecked(r.torchManualSeed);
  randomSeed_->setChecked(r.randomSeed);
  numpySeed_->setChecked(r.numpySeed);
  selectData(generators_, recipe::toString(r.numpyGenerators));
  workers_->setValue(r.dataloaderWorkers);
  loaderGenerator_->setChecked(r.dataloaderGenerator);
  workerInitFn_->setChecked(r.workerInitFn);
  workerOtherRngs_->setChecked(r.workerOtherRngs);
  stringSets_->setChecked(r.stringSetOrder);
  selectData(hashSeed_, recipe::toString(r.pythonHashSeed));
  cudnnBenchmark_->setChecked(r.cudnnBenchmark);
  cudnnDeterministic_->setChecked(r.cudnnDeterministic);
  selectData(deterministic_, toString(r.deterministic));
  const std::string cublas = r.cublasWorkspaceConfig ? r.cublasWorkspaceConfig->text : "";
  if (cublas_->findData(qstr(cublas)) < 0) cublas_->addItem(qstr(cublas), qstr(cublas));
  selectData(cublas_, cublas);
  selectData(cublasWhen_, recipe::toString(r.cublasSet));
  filling_ = false;
  recheck();
}

void RecipeCheckWidget::setLanguage(const QString& language) {
  language_ = language;
  recheck();
}

void RecipeCheckWidget::recheck() {
  if (filling_) return;
  const recipe::SeedingRecipe r = recipe();
  const bool cuda = r.device == recipe::RecipeDevice::Cuda;
  flagsBox_->setEnabled(true);
  cudnnBenchmark_->setEnabled(cuda);
  cudnnDeterministic_->setEnabled(cuda);
  cublasBox_->setEnabled(cuda);
  cublasWhen_->setEnabled(r.cublasWorkspaceConfig.has_value());
  const bool workers = r.dataloaderWorkers > 0;
  workerInitFn_->setEnabled(workers);
  workerOtherRngs_->setEnabled(workers);

  findings_ = recipe::checkRecipe(r);
  const std::string lang = language_.toStdString();
  int uncovered = 0, covered = 0, notes = 0;
  QString html;
  for (const FindingStatus status :
       {FindingStatus::Uncovered, FindingStatus::Covered, FindingStatus::Note}) {
    QString section;
    for (const auto& f : findings_) {
      if (f.status != status) continue;
      (status == FindingStatus::Uncovered ? uncovered
       : status == FindingStatus::Covered ? covered
                                          : notes)++;
      const QString mark = status == FindingStatus::Uncovered ? QStringLiteral("✘")
                           : status == FindingStatus::Covered ? QStringLiteral("✔")
                                                              : QStringLiteral("•");
      const QString color = status == FindingStatus::Uncovered ? QStringLiteral("#d62728")
                            : status == FindingStatus::Covered ? QStringLiteral("#2ca02c")
                                                               : QStringLiteral("#555555");
      section += QStringLiteral("<p><span style='color:%1'>%2</span> <b>%3</b><br>%4")
                     .arg(color, mark, qstr(f.topic.in(lang)).toHtmlEscaped(),
                          qstr(f.reason.in(lang)).toHtmlEscaped());
      if (const demo::Scenario* s = demo::findScenario(f.scenario)) {
        section +=
            QStringLiteral("<br><a href='scenario:%1'>%2</a>")
                .arg(qstr(s->name), tr("Show me: %1").arg(qstr(s->title.in(lang))).toHtmlEscaped());
      }
      if (!f.command.empty()) {
        section += QStringLiteral("<br><span style='color:#777'>%1 <code>%2</code></span>")
                       .arg(tr("Try:").toHtmlEscaped(), qstr(f.command).toHtmlEscaped());
      }
      section += QStringLiteral("</p>");
    }
    if (section.isEmpty()) continue;
    const QString title = status == FindingStatus::Uncovered ? tr("Not covered")
                          : status == FindingStatus::Covered ? tr("Covered")
                                                             : tr("Notes");
    html += QStringLiteral("<h3>%1</h3>").arg(title.toHtmlEscaped()) + section;
  }
  result_->setHtml(html);
  summary_->setText(
      QStringLiteral("<b>%1</b>")
          .arg((uncovered == 0 ? tr("Nothing this recipe can cover is left uncovered.")
                               : tr("%1 not covered.").arg(uncovered))
                   .toHtmlEscaped()) +
      QStringLiteral(" ") +
      tr("%1 covered, %2 notes. PyTorch %3 on %4.")
          .arg(covered)
          .arg(notes)
          .arg(qstr(toString(r.pytorch)), cuda ? QStringLiteral("CUDA") : QStringLiteral("CPU"))
          .toHtmlEscaped());
}

QString RecipeCheckWidget::resultText() const {
  return summary_->text() + QStringLiteral("\n") + result_->toPlainText();
}

bool RecipeCheckWidget::openFile(const QString& path, QString* error) {
  try {
    setRecipe(recipe::readRecipeFile(stdstr(path)));
    return true;
  } catch (const Error& e) {
    if (error) *error = qstr(e.message());
    return false;
  }
}

bool RecipeCheckWidget::saveFile(const QString& path, QString* error) const {
  const std::string text = recipe::recipeToJson(recipe()).dump(2) + "\n";
  return FileWriter::write(path, QByteArray::fromStdString(text), error);
}

void RecipeCheckWidget::openClicked() {
  const QString filter = recipe::hasTomlSupport() ? tr("Recipes (*.json *.toml);;All files (*)")
                                                  : tr("Recipes (*.json);;All files (*)");
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open a seeding recipe"), QString(), filter);
  if (path.isEmpty()) return;
  QString error;
  if (!openFile(path, &error)) {
    QMessageBox::warning(this, tr("Open a seeding recipe"), error);
  }
}

void RecipeCheckWidget::saveClicked() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Save the seeding recipe"), QStringLiteral("recipe.json"), tr("Recipes (*.json)"));
  if (path.isEmpty()) return;
  QString error;
  if (!saveFile(path, &error)) {
    QMessageBox::warning(this, tr("Save the seeding recipe"), error);
  }
}

void RecipeCheckWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void RecipeCheckWidget::retranslate() {
  whereBox_->setTitle(tr("Where the code runs"));
  deviceLabel_->setText(tr("Device"));
  setTexts(device_, {tr("CUDA GPU"), tr("CPU only")});
  pytorchLabel_->setText(tr("PyTorch release"));
  seedsBox_->setTitle(tr("Random number generators"));
  generatorsLabel_->setText(tr("NumPy Generator objects"));
  setTexts(generators_,
           {tr("not used"), QStringLiteral("default_rng(seed)"), tr("default_rng(), no seed")});
  generators_->setToolTip(
      tr("numpy.random.default_rng Generator objects: np.random.seed does "
         "not seed them"));
  loaderBox_->setTitle(tr("DataLoader"));
  workersLabel_->setText(tr("num_workers"));
  loaderGenerator_->setText(tr("seeded generator="));
  loaderGenerator_->setToolTip(
      tr("DataLoader(..., generator=g) with g = torch.Generator() and "
         "g.manual_seed(seed)"));
  workerInitFn_->setText(tr("worker_init_fn reseeds"));
  workerInitFn_->setToolTip(
      tr("A worker_init_fn that reseeds from torch.initial_seed(), as in the PyTorch notes"));
  workerOtherRngs_->setText(tr("dataset has RNGs of its own"));
  workerOtherRngs_->setToolTip(
      tr("The dataset or its transforms keep random state of their own: "
         "OpenCV, imgaug, a random.Random or Generator made before the "
         "workers start"));
  pythonBox_->setTitle(tr("Python"));
  setTexts(hashSeed_,
           {tr("not set"), tr("set before python starts"), tr("os.environ in the script")});
  stringSets_->setText(tr("iterates sets of strings"));
  stringSets_->setToolTip(
      tr("The code iterates a set of strings (or anything else ordered by hash())"));
  flagsBox_->setTitle(tr("cuDNN and deterministic mode"));
  setTexts(deterministic_, {tr("not called (off)"), tr("warn_only=True"), tr("True (error)")});
  cublasLabel_->setText(tr("Value"));
  cublas_->setItemText(0, tr("not set"));
  cublasWhenLabel_->setText(tr("Set"));
  setTexts(cublasWhen_, {tr("before CUDA starts"), tr("after CUDA started")});
  openButton_->setText(tr("Open recipe…"));
  saveButton_->setText(tr("Save recipe…"));
  resetButton_->setText(tr("Clear"));
  // The form is as wide as its longest text in this language; the result takes the rest.
  scroll_->setMinimumWidth(form_->sizeHint().width() +
                           scroll_->verticalScrollBar()->sizeHint().width() + 4);
  recheck();
}

}  // namespace detbench::gui
