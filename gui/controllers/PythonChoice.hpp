#pragma once
// The user's Python for the whole workbench: the one interpreter that the catalog's default
// release, the trace lesson and the Trace tab follow (detbench::userPython()). Chosen from the
// status bar or on the Trace tab, remembered between starts; $DETBENCH_PYTHON, where set, wins
// over the remembered choice at the start.

#include <QObject>
#include <QString>
#include <memory>
#include <optional>

namespace detbench {
class BackendRegistry;
}

namespace detbench::gui {

class PythonChoice : public QObject {
  Q_OBJECT

 public:
  PythonChoice(std::shared_ptr<const BackendRegistry> registry, QObject* parent = nullptr);

  // Applies the remembered choice, unless $DETBENCH_PYTHON is set; before any widget reads the
  // release.
  static void restore();

  // Makes `interpreter` the user's Python, remembered ("" returns to the rule: the python3 on
  // PATH with PyTorch, else Debian's). False, with the reason in `why`, for an interpreter that
  // cannot be found or has no PyTorch: the choice stays as it was.
  bool choose(const QString& interpreter, QString* why = nullptr);

  // The interpreter as the Trace tab runs it.
  static QString interpreter();
  // One line for the status bar: "Python: python3 · PyTorch 1.13.0".
  QString label() const;
  // The tooltip: the interpreter, how it was chosen, the release the catalog follows, and where
  // the torch devices' libtorch is another release, that.
  QString details() const;
  // Where the torch devices run another PyTorch release than the user's Python: one sentence
  // saying so, else empty. The first call loads the torch module to ask its release.
  QString libtorchMismatch() const;

 signals:
  void changed();

 private:
  std::shared_ptr<const BackendRegistry> registry_;
  // The torch devices' libtorch release, once asked ("" where there is none).
  mutable std::optional<QString> libtorch_;
};

}  // namespace detbench::gui
