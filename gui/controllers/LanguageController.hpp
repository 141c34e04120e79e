#pragma once
// The user interface language: chosen from the system locale at start, switchable at run time
// (widgets retranslate on QEvent::LanguageChange). Translations are bundled under :/i18n.

#include <QObject>
#include <QString>
#include <QTranslator>
#include <memory>

namespace detbench::gui {

class LanguageController : public QObject {
  Q_OBJECT

 public:
  explicit LanguageController(QObject* parent = nullptr);
  ~LanguageController() override;

  // "en" or "zh_CN"; false (and English) when there is no translation for `language`.
  bool setLanguage(const QString& language);
  QString language() const { return language_; }
  // The language for a locale name such as "zh_CN.UTF-8" or "de_DE": a bundled one or "en".
  static QString languageForLocale(const QString& locale);
  static QStringList languages() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

 signals:
  void languageChanged(const QString& language);

 private:
  std::unique_ptr<QTranslator> translator_;
  QString language_ = QStringLiteral("en");
};

}  // namespace detbench::gui
