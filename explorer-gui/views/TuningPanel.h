// TuningPanel: the tuning sweep — the num_warps, num_stages and constexpr values to try (every
// combination), or the kernel's @triton.autotune configs; the grid and FLOPs per launch as
// expressions of them; Start and Cancel; a results table (best marked) and a bar plot. The
// runs go through TuningRun (one child `trex bench --json` per configuration).
#pragma once

#include "TuningConfigs.h"
#include "TuningResultsModel.h"
#include "TuningRun.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QTableView;

namespace trex::explorer {

class TuningPlot;

class TuningPanel : public QWidget {
  Q_OBJECT
public:
  explicit TuningPanel(QWidget *parent = nullptr);

  // The kernel to tune; `parameterNames` are its parameters in order (for the signature).
  void setLaunchTarget(const LaunchTarget &target, const QStringList &parameterNames);
  // The kernel's @triton.autotune configs (none: the autotune mode is unavailable).
  void setAutotuneConfigs(const std::vector<AutotuneConfig> &choices);
  void setExecutable(const QString &path);
  QString executable() const;

  // The form's fields, for tests and for the main window's defaults.
  void setWarps(const QString &values);
  void setStages(const QString &values);
  void setConstexprs(const QString &sweeps);
  void setGrid(const QString &grid);
  void setArguments(const QString &arguments);
  void setBenchOptions(const QString &options);
  void setFlops(const QString &expression);
  void setUseAutotuneConfigs(bool use);

  // Builds the configurations from the form and starts; false (with the reason shown) when the
  // form is incomplete or a sweep is running.
  bool start();
  void cancel();
  bool isRunning() const { return run->isRunning(); }
  QString message() const;
  TuningResultsModel *results() const { return model; }
  TuningRun *runner() const { return run; }

Q_SIGNALS:
  void finished();

private:
  std::optional<std::vector<TuningConfig>> configsFromForm(QString *problem) const;
  void setBusy(bool busy);

  LaunchTarget launchTarget;
  QStringList parameterNames;
  std::vector<AutotuneConfig> autotuneChoices;
  TuningResultsModel *model;
  TuningRun *run;
  QLineEdit *executableField;
  QRadioButton *sweepMode;
  QRadioButton *autotuneMode;
  QLineEdit *warpsField;
  QLineEdit *stagesField;
  QLineEdit *constexprField;
  QLineEdit *gridField;
  QLineEdit *argumentsField;
  QLineEdit *benchOptionsField;
  QLineEdit *flopsField;
  QPushButton *startButton;
  QPushButton *cancelButton;
  QLabel *messageLabel;
  QTableView *table;
  TuningPlot *plot;
};

} // namespace trex::explorer
