#pragma once
// The user interface language: chosen from the system locale at start, switchable at run time
// (widgets retranslate on QEvent::LanguageChange). detbench's translations are bundled under
// :/i18n; Qt's own (dialogs, standard buttons) come from the system where it has them.

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
  std::unique_ptr<QTranslator> qtTranslator_;  // Qt's own texts, where the system has them
  QString language_ = QStringLiteral("en");
};

}  // namespace detbench::gui
