#include "widgets/TraceSetupWidget.hpp"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "controllers/PythonChoice.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/base/IntegerText.hpp"
#include "detbench/trace/ProbeFiles.hpp"

namespace detbench::gui {

namespace {

QWidget* row(QWidget* parent, std::initializer_list<QWidget*> widgets) {
  auto* w = new QWidget(parent);
  auto* layout = new QHBoxLayout(w);
  layout->setContentsMargins(0, 0, 0, 0);
  for (QWidget* child : widgets) layout->addWidget(child);
  return w;
}

// `first` on a line of its own, the rest on the line below (keeps the panel narrow).
QWidget* twoLines(QWidget* parent, QWidget* first, std::initializer_list<QWidget*> below) {
  auto* w = new QWidget(parent);
  auto* layout = new QVBoxLayout(w);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(first);
  auto* buttons = new QHBoxLayout;
  for (QWidget* child : below) buttons->addWidget(child);
  buttons->addStretch(1);
  layout->addLayout(buttons);
  return w;
}

}  // namespace

TraceSetupWidget::TraceSetupWidget(QWidget* parent) : QWidget(parent) {
  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  // Rows a little closer than the style's default, so that the setup fits 1280 x 720 whole.
  form->setVerticalSpacing(std::min(form->verticalSpacing(), 4));
  python_ = new QLineEdit(this);
  setPython(PythonChoice::interpreter());
  connect(python_, &QLineEdit::editingFinished, this, [this] {
    const QString typed = python_->text().trimmed();
    if (!typed.isEmpty() && typed != PythonChoice::interpreter()) emit pythonEdited(typed);
  });
  script_ = new QLineEdit(this);
  browseScript_ = new QPushButton(this);
  example_ = new QPushButton(this);
  arguments_ = new QLineEdit(this);
  workingDir_ = new QLineEdit(this);
  browseDir_ = new QPushButton(this);
  runs_ = new QSpinBox(this);
  runs_->setRange(1, trace::kMaxTraceRuns);
  runs_->setValue(2);
  // The configurations in rows of three, so the panel stays narrow.
  auto* configs = new QWidget(this);
  auto* configsLayout = new QGridLayout(configs);
  configsLayout->setContentsMargins(0, 0, 0, 0);
  for (const auto name : trace::traceConfigNames()) {
    auto* box =
        new QCheckBox(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())), configs);
    box->setChecked(name == "default");
    const int at = static_cast<int>(configs_.size());
    configsLayout->addWidget(box, at / 3, at % 3);
    configs_.push_back(box);
  }
  seed_ = new QLineEdit(this);
  deterministic_ = new QComboBox(this);
  deterministic_->addItems(
      {QString(), QStringLiteral("off"), QStringLiteral("warn"), QStringLiteral("error")});
  threads_ = new QSpinBox(this);
  threads_->setRange(0, kMaxThreads);
  cudnnBenchmark_ = new QCheckBox(QStringLiteral("cudnn.benchmark"), this);
  cudnnDeterministic_ = new QCheckBox(QStringLiteral("cudnn.deterministic"), this);
  cublas_ = new QLineEdit(this);
  hashSeed_ = new QLineEdit(this);
  ops_ = new QLineEdit(this);
  environment_ = new QLineEdit(this);
  worldSizes_ = new QLineEdit(this);
  timeout_ = new QSpinBox(this);
  timeout_->setRange(0, 1 << 24);
  secondPass_ = new QCheckBox(this);
  secondPass_->setChecked(true);

  python_->setObjectName(QStringLiteral("tracePython"));
  script_->setObjectName(QStringLiteral("traceScript"));
  seed_->setObjectName(QStringLiteral("traceSeed"));
  environment_->setObjectName(QStringLiteral("traceEnvironment"));
  worldSizes_->setObjectName(QStringLiteral("traceWorldSizes"));
  labelled_ = {python_,      twoLines(this, script_, {browseScript_, example_}),
               arguments_,   row(this, {workingDir_, browseDir_}),
               runs_,        configs,
               seed_,        deterministic_,
               threads_,     row(this, {cudnnBenchmark_, cudnnDeterministic_}),
               cublas_,      hashSeed_,
               environment_, worldSizes_,
               ops_,         timeout_,
               secondPass_};
  // Each row with its label (the texts are retranslate()'s).
  for (QWidget* w : labelled_) form->addRow(new QLabel(this), w);

  connect(browseScript_, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Choose the Python script to trace"), script_->text(),
                                     tr("Python scripts (*.py);;All files (*)"));
    if (!path.isEmpty()) setScript(path);
  });
  connect(browseDir_, &QPushButton::clicked, this, [this] {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("The folder the script runs in"));
    if (!dir.isEmpty()) workingDir_->setText(dir);
  });
  connect(example_, &QPushButton::clicked, this, &TraceSetupWidget::useExample);
  retranslate();
}

TraceSetupWidget::~TraceSetupWidget() = default;

void TraceSetupWidget::setPython(const QString& interpreter) {
  python_->setText(interpreter);
}

void TraceSetupWidget::setScript(const QString& path, const QStringList& arguments) {
  script_->setText(path);
  arguments_->setText(arguments.join(QLatin1Char(' ')));
  workingDir_->setText(QFileInfo(path).absolutePath());
}

void TraceSetupWidget::useExample() {
  try {
    if (!examples_) examples_ = std::make_unique<trace::ProbeFolder>();
  } catch (const Error&) {
    return;
  }
  setScript(
      QString::fromStdString(examples_->path()) + QStringLiteral("/examples/train_example.py"),
      {QStringLiteral("--epochs"), QStringLiteral("2")});
  threads_->setValue(2);
  for (QCheckBox* box : configs_) {
    box->setChecked(box->text() == QLatin1String("default") ||
                    box->text() == QLatin1String("seeded") ||
                    box->text() == QLatin1String("deterministic"));
  }
}

std::optional<TraceJob> TraceSetupWidget::job(QString* why) const {
  const auto fail = [why](const QString& reason) -> std::optional<TraceJob> {
    if (why) *why = reason;
    return std::nullopt;
  };
  if (script_->text().trimmed().isEmpty()) return fail(tr("Choose the script to trace."));
  TraceJob job;
  std::vector<std::string> argv{python_->text().trimmed().toStdString(),
                                script_->text().trimmed().toStdString()};
  for (const QString& a : QProcess::splitCommand(arguments_->text())) {
    argv.push_back(a.toStdString());
  }
  try {
    job.plan.command = trace::parseScriptCommand(argv);
    job.plan.runs = runs_->value();
    trace::TraceSettings base;
    if (!seed_->text().trimmed().isEmpty()) {
      const auto seed = parseInteger<std::uint64_t>(seed_->text().trimmed().toStdString());
      if (!seed) return fail(tr("The seed must be an integer from 0 to 2^64 - 1."));
      base.seed = *seed;
    }
    if (deterministic_->currentIndex() > 0) {
      base.deterministic = parseDeterministicMode(deterministic_->currentText().toStdString());
    }
    if (threads_->value() > 0) base.threads = threads_->value();
    if (cudnnBenchmark_->isChecked()) base.cudnnBenchmark = true;
    if (cudnnDeterministic_->isChecked()) base.cudnnDeterministic = true;
    if (!cublas_->text().trimmed().isEmpty()) {
      base.cublasWorkspaceConfig =
          WorkspaceConfig::parse(cublas_->text().trimmed().toStdString()).text;
    }
    if (!hashSeed_->text().trimmed().isEmpty()) {
      const auto seed = parseInteger<std::uint32_t>(hashSeed_->text().trimmed().toStdString());
      if (!seed) return fail(tr("PYTHONHASHSEED must be an integer from 0 to 4294967295."));
      base.pythonHashSeed = *seed;
    }
    std::string list;
    for (QCheckBox* box : configs_) {
      if (!box->isChecked()) continue;
      if (!list.empty()) list += ',';
      list += box->text().toStdString();
    }
    for (const QString& entry : QProcess::splitCommand(environment_->text())) {
      const auto [name, value] = trace::parseEnvironmentSetting(entry.toStdString());
      trace::setEnvironment(base, name, value);
    }
    if (list.empty()) return fail(tr("Choose at least one configuration."));
    const QString sizes = worldSizes_->text().trimmed();
    if (!sizes.isEmpty()) {
      if (list != "default") {
        return fail(
            tr("World sizes are an axis of their own: choose only the default "
               "configuration with them."));
      }
      job.plan.configs = trace::parseWorldSizes(sizes.toStdString(), base);
    } else {
      job.plan.configs = trace::parseTraceConfigs(list, base);
    }
    if (!ops_->text().trimmed().isEmpty()) {
      job.plan.window = trace::parseTraceWindow(ops_->text().trimmed().toStdString());
    }
    job.plan.timeout = std::chrono::seconds(timeout_->value());
    job.plan.secondPass = secondPass_->isChecked();
    const QString dir = workingDir_->text().trimmed();
    if (!dir.isEmpty()) {
      if (!QDir(dir).exists()) return fail(tr("The working folder %1 does not exist.").arg(dir));
      job.plan.workingDir = dir.toStdString();
    }
  } catch (const Error& e) {
    return fail(QString::fromStdString(e.message()));
  }
  return job;
}

void TraceSetupWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void TraceSetupWidget::retranslate() {
  auto* form = static_cast<QFormLayout*>(layout());
  const QStringList labels{tr("Interpreter"),
                           tr("Script"),
                           tr("Arguments"),
                           tr("Working folder"),
                           tr("Runs"),
                           tr("Configurations"),
                           tr("Seed"),
                           tr("Deterministic algorithms"),
                           tr("Threads"),
                           tr("cuDNN"),
                           QStringLiteral("CUBLAS_WORKSPACE_CONFIG"),
                           QStringLiteral("PYTHONHASHSEED"),
                           tr("Environment"),
                           tr("World sizes"),
                           tr("Ops to digest"),
                           tr("Timeout per run"),
                           tr("Second pass")};
  for (int i = 0; i < form->rowCount() && i < labels.size(); ++i) {
    if (auto* item = form->itemAt(i, QFormLayout::LabelRole); item && item->widget()) {
      static_cast<QLabel*>(item->widget())->setText(labels[i]);
    }
  }
  python_->setToolTip(tr("The Python that runs the script, with PyTorch 1.13 or later"));
  script_->setPlaceholderText(tr("train.py"));
  browseScript_->setText(tr("Browse…"));
  example_->setText(tr("Use the example"));
  example_->setToolTip(
      tr("The example that ships with detbench: a small model with dropout, a "
         "DataLoader with two workers and index_put_ with accumulate"));
  arguments_->setPlaceholderText(tr("the script's own arguments"));
  workingDir_->setPlaceholderText(tr("the script's folder"));
  browseDir_->setText(tr("Browse…"));
  seed_->setPlaceholderText(tr("as written (no seed set)"));
  deterministic_->setItemText(0, tr("as written"));
  threads_->setSpecialValueText(tr("as written"));
  cublas_->setPlaceholderText(tr("as written, such as :4096:8"));
  hashSeed_->setPlaceholderText(tr("as written"));
  environment_->setPlaceholderText(tr("NAME=VALUE ..., such as NCCL_ALGO=Ring NCCL_PROTO=Simple"));
  environment_->setToolTip(
      tr("Set in the environment of every process of the script, each rank of a job included, "
         "before it starts: NCCL_ALGO, NCCL_PROTO, NCCL_MIN_NCHANNELS, NCCL_NVLS_ENABLE=0, ..."));
  worldSizes_->setPlaceholderText(tr("one; or the job at each size, such as 2,3,4"));
  worldSizes_->setToolTip(
      tr("Traces a job at each world size (torchrun's --nproc_per_node, else WORLD_SIZE for a "
         "script that reads it) and says where the sizes give other bits"));
  ops_->setPlaceholderText(tr("all; or FROM..TO, such as 1000..2000"));
  timeout_->setSpecialValueText(tr("none"));
  timeout_->setSuffix(tr(" s"));
  // What each configuration sets, on top of the settings below (trace::traceConfig).
  for (QCheckBox* box : configs_) {
    const QString name = box->text();
    box->setToolTip(
        name == QLatin1String("seeded")
            ? tr("The settings below and a seed: the Seed, else 0 (torch, random and NumPy)")
        : name == QLatin1String("deterministic")
            ? tr("Seeded, and deterministic algorithms in error mode "
                 "(torch.use_deterministic_algorithms(True))")
        : name == QLatin1String("warn")
            ? tr("Seeded, and deterministic algorithms in warn mode (warn_only=True): an op "
                 "without a deterministic form warns instead of raising")
        : name == QLatin1String("benchmark")
            ? tr("The settings below and cudnn.benchmark = True: cuDNN picks its algorithms by "
                 "timing")
        : name == QLatin1String("cudnn-deterministic")
            ? tr("The settings below and cudnn.deterministic = True")
            : tr("The settings below as they are (none set: the script as written)"));
  }
  secondPass_->setText(tr("measure how much causes differ"));
  secondPass_->setToolTip(
      tr("Runs the script again and keeps each cause's outputs, to count how many elements "
         "differ and by how many ULPs"));
}

}  // namespace detbench::gui
