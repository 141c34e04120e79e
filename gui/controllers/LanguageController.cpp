#include "controllers/LanguageController.hpp"

#include <QCoreApplication>

namespace detbench::gui {

LanguageController::LanguageController(QObject* parent) : QObject(parent) {}

LanguageController::~LanguageController() {
  if (translator_) QCoreApplication::removeTranslator(translator_.get());
}

QString LanguageController::languageForLocale(const QString& locale) {
  if (locale.startsWith(QLatin1String("zh"))) return QStringLiteral("zh_CN");
  return QStringLiteral("en");
}

bool LanguageController::setLanguage(const QString& language) {
  if (translator_) {
    QCoreApplication::removeTranslator(translator_.get());
    translator_.reset();
  }
  bool ok = true;
  if (language != QLatin1String("en")) {
    auto translator = std::make_unique<QTranslator>();
    ok = translator->load(QStringLiteral(":/i18n/detbench_%1.qm").arg(language));
    if (ok) {
      QCoreApplication::installTranslator(translator.get());
      translator_ = std::move(translator);
    }
  }
  language_ = ok ? language : QStringLiteral("en");
  emit languageChanged(language_);
  return ok;
}

}  // namespace detbench::gui
