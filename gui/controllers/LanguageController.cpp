#include "controllers/LanguageController.hpp"

#include <QCoreApplication>
#include <QLibraryInfo>

namespace detbench::gui {

LanguageController::LanguageController(QObject* parent) : QObject(parent) {}

LanguageController::~LanguageController() {
  if (translator_) QCoreApplication::removeTranslator(translator_.get());
  if (qtTranslator_) QCoreApplication::removeTranslator(qtTranslator_.get());
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
  if (qtTranslator_) {
    QCoreApplication::removeTranslator(qtTranslator_.get());
    qtTranslator_.reset();
  }
  bool ok = true;
  if (language != QLatin1String("en")) {
    auto translator = std::make_unique<QTranslator>();
    ok = translator->load(QStringLiteral(":/i18n/detbench_%1.qm").arg(language));
    if (ok) {
      QCoreApplication::installTranslator(translator.get());
      translator_ = std::move(translator);
      // Qt's own texts (the file dialogs, the standard buttons) where the system has them
      // (Debian: qt6-translations-l10n); without them those stay in English.
      auto qt = std::make_unique<QTranslator>();
      if (qt->load(QStringLiteral("qtbase_%1").arg(language),
                   QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        qtTranslator_ = std::move(qt);
      }
    }
  }
  language_ = ok ? language : QStringLiteral("en");
  emit languageChanged(language_);
  return ok;
}

}  // namespace detbench::gui
