#include "widgets/HelpDialog.hpp"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFile>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace detbench::gui {

namespace {

QString pageText(HelpDialog::Page page, const QString& language) {
  const QString name =
      page == HelpDialog::Page::Guide ? QStringLiteral("guide") : QStringLiteral("glossary");
  const QString lang = language == QLatin1String("zh_CN") ? language : QStringLiteral("en");
  QFile file(QStringLiteral(":/guide/%1.%2.html").arg(name, lang));
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(file.readAll());
}

}  // namespace

HelpDialog::HelpDialog(QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("helpDialog"));
  browser_ = new QTextBrowser(this);
  browser_->setOpenLinks(false);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(browser_);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(browser_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
    const QString scheme = url.scheme();
    if (scheme == QLatin1String("demo")) {
      emit lessonRequested(url.path());
    } else if (scheme == QLatin1String("recipe")) {
      emit recipeCheckRequested();
    } else if (scheme == QLatin1String("trace")) {
      emit traceRequested();
    } else if (scheme == QLatin1String("glossary")) {
      showPage(Page::Glossary, language_);
    } else if (scheme == QLatin1String("guide")) {
      showPage(Page::Guide, language_);
    } else if (scheme == QLatin1String("https")) {
      QDesktopServices::openUrl(url);
    }
  });
  resize(860, 640);
}

void HelpDialog::showPage(Page page, const QString& language) {
  page_ = page;
  language_ = language;
  setWindowTitle(page == Page::Guide ? tr("Guide: from what you see to what to set")
                                     : tr("Glossary"));
  browser_->setHtml(pageText(page, language));
}

QString HelpDialog::text() const {
  return browser_->toPlainText();
}

}  // namespace detbench::gui
