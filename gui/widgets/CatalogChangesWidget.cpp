#include "widgets/CatalogChangesWidget.hpp"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "common/Text.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "models/OpCatalogModel.hpp"

namespace detbench::gui {

namespace {

QString modeText(const OpTraits& op) {
  switch (op.cuda.errorMode) {
    case ErrorModeBehavior::Runs:
      return CatalogChangesWidget::tr("runs as is");
    case ErrorModeBehavior::SwitchesToDeterministic:
      return CatalogChangesWidget::tr("switches to deterministic");
    case ErrorModeBehavior::Raises:
      return CatalogChangesWidget::tr("raises");
  }
  return {};
}

QString yesNo(bool value) {
  return value ? CatalogChangesWidget::tr("yes") : CatalogChangesWidget::tr("no");
}

QString callerText(std::string_view caller) {
  return caller.empty() ? CatalogChangesWidget::tr("none") : qstr(caller);
}

// The docstring's entries (one a line), quoted as PyTorch wrote them.
QString entriesHtml(std::string_view entries) {
  return qstr(entries).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("; "));
}

}  // namespace

CatalogChangesWidget::CatalogChangesWidget(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  auto* row = new QHBoxLayout;
  caption_ = new QLabel(this);
  caption_->setWordWrap(true);
  since_ = new QComboBox(this);
  since_->setObjectName(QStringLiteral("catalogChangesSince"));
  for (const PyTorchRelease r : catalogReleases()) {
    since_->addItem(qstr(toString(r)), qstr(toString(r)));
  }
  row->addWidget(caption_, 1);
  row->addWidget(since_);
  changes_ = new QLabel(this);
  changes_->setObjectName(QStringLiteral("catalogChanges"));
  changes_->setWordWrap(true);
  changes_->setMinimumWidth(1);  // wrap to the panel's width, never widen it
  changes_->setTextFormat(Qt::RichText);
  changes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addLayout(row);
  layout->addWidget(changes_);
  connect(since_, &QComboBox::currentIndexChanged, this, [this] { refresh(); });
  retranslate();
}

void CatalogChangesWidget::setRelease(PyTorchRelease release) {
  release_ = release;
  refresh();
}

void CatalogChangesWidget::setSince(PyTorchRelease since) {
  since_->setCurrentIndex(since_->findData(qstr(toString(since))));
  refresh();
}

QString CatalogChangesWidget::text() const {
  return changes_->text();
}

void CatalogChangesWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

void CatalogChangesWidget::retranslate() {
  caption_->setText(tr("What changed for cuda and cpu-threads since PyTorch"));
  since_->setToolTip(tr("The older release; the newer is the one the settings follow."));
  refresh();
}

void CatalogChangesWidget::refresh() {
  const auto since = parsePyTorchRelease(since_->currentData().toString().toStdString());
  if (!since) return;
  if (!(*since < release_)) {
    changes_->setText(tr("The settings follow PyTorch %1: choose an older release to compare.")
                          .arg(qstr(toString(release_))));
    return;
  }
  const auto changes = catalogChanges(*since, release_);
  if (changes.empty()) {
    changes_->setText(tr("Nothing changed for the catalog's ops from PyTorch %1 to %2.")
                          .arg(qstr(toString(*since)), qstr(toString(release_))));
    return;
  }
  QString html;
  for (const auto& c : changes) {
    QStringList when;
    for (const PyTorchRelease r : c.changedIn) when << qstr(toString(r));
    QStringList lines;
    const OpTraits& a = *c.before;
    const OpTraits& b = *c.after;
    for (const TraitsField field : c.fields) {
      switch (field) {
        case TraitsField::DeterministicMode:
          lines << tr("deterministic mode: %1 → %2").arg(modeText(a), modeText(b));
          break;
        case TraitsField::NondeterministicByDefault:
          lines << tr("nondeterministic by default: %1 → %2")
                       .arg(yesNo(a.cuda.nondeterministicByDefault),
                            yesNo(b.cuda.nondeterministicByDefault));
          break;
        case TraitsField::AlertCaller:
          lines << tr("alert caller: %1 → %2")
                       .arg(callerText(a.cuda.pytorchCaller), callerText(b.cuda.pytorchCaller));
          break;
        case TraitsField::CublasWorkspaceCheck:
          lines << tr("CUBLAS_WORKSPACE_CONFIG checked: %1 → %2")
                       .arg(yesNo(a.cublasWorkspaceCheck), yesNo(b.cublasWorkspaceCheck));
          break;
        case TraitsField::DetbenchExtension:
          lines << tr("detbench extension: %1 → %2")
                       .arg(yesNo(a.cuda.detbenchExtension), yesNo(b.cuda.detbenchExtension));
          break;
        case TraitsField::Docstring:
          lines << (b.cuda.docstring.empty()
                        ? tr("docstring: no longer names it on CUDA")
                        : tr("docstring: %1").arg(entriesHtml(b.cuda.docstring)));
          break;
        case TraitsField::Mps:
          lines << tr("MPS (not a detbench device): %1").arg(entriesHtml(b.mps));
          break;
        case TraitsField::Note:
          lines << OpCatalogModel::translatedCatalogText(b.cuda.note).toHtmlEscaped();
          break;
      }
    }
    QStringList sources;
    for (std::size_t k = 0; k < c.sources.size(); ++k) {
      const QString source = qstr(c.sources[k]).toHtmlEscaped();
      sources << (c.sources.size() > 1 ? tr("%1: %2").arg(qstr(toString(c.changedIn[k])), source)
                                       : source);
    }
    html += QStringLiteral("<p><b>%1</b> (%2)<br>%3<br><i>%4</i></p>")
                .arg(qstr(b.name), tr("in %1").arg(when.join(QStringLiteral(", "))),
                     lines.join(QStringLiteral("<br>")), sources.join(QStringLiteral("<br>")));
  }
  changes_->setText(html);
}

}  // namespace detbench::gui
