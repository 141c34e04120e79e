#pragma once
// Help: a short guide from what a person sees to what to set (symptom, cause, setting, with
// links that open the lesson showing it) and a glossary of the words the workbench uses, in the
// interface's language. The pages are resources (resources/guide/).

#include <QDialog>

class QTextBrowser;

namespace detbench::gui {

class HelpDialog : public QDialog {
  Q_OBJECT

 public:
  enum class Page { Guide, Glossary };
  explicit HelpDialog(QWidget* parent = nullptr);

  // Shows `page` in `language` ("en" or "zh_CN").
  void showPage(Page page, const QString& language);
  Page page() const { return page_; }
  // The page's text (for tests).
  QString text() const;

 signals:
  // A link to a lesson (its scenario name), or to the seeding-recipe check.
  void lessonRequested(const QString& name);
  void recipeCheckRequested();
  // The guide's link to the Trace tab.
  void traceRequested();

 private:
  QTextBrowser* browser_;
  Page page_ = Page::Guide;
  QString language_ = QStringLiteral("en");
};

}  // namespace detbench::gui
