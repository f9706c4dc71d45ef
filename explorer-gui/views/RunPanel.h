// RunPanel: grid and argument specs, Run and Bench through a child `trex run|bench --json`
// (QProcess), so a kernel that faults takes down the child, never the window; a results table
// and a timing plot across runs; with "Profile scopes", the timeline of the kernel's scopes
// for a chosen program (one lane per warp).
#pragma once

#include "LaunchCommand.h"
#include "LaunchProcess.h"
#include "ProfileTimelineModel.h"
#include "RunResultsModel.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace trex::explorer {

class ProfileTimelineView;
class TimingPlot;

class RunPanel : public QWidget {
  Q_OBJECT
public:
  explicit RunPanel(QWidget *parent = nullptr);

  void setLaunchTarget(const LaunchTarget &target) { launchTarget = target; }
  const LaunchTarget &currentLaunchTarget() const { return launchTarget; }
  // The grid, arguments and bench options typed in the panel.
  LaunchSettings settings() const;
  // The trex executable (a test may point this at anything).
  void setExecutable(const QString &path);
  QString executable() const;
  void setGrid(const QString &grid);
  void setArguments(const QString &arguments);
  // The command line the next Run/Bench would start (without the program).
  QStringList commandArguments(bool bench) const;
  // Starts the child; the answer arrives later as a new results row (finished()).
  void start(bool bench);
  bool isRunning() const;
  QString message() const;
  RunResultsModel *results() const { return model; }
  // The profiling toggle and the last profiled run's timeline.
  void setProfileScopes(bool on);
  bool profileScopes() const;
  ProfileTimelineModel *profileTimeline() const { return timeline; }

Q_SIGNALS:
  void finished(const RunRecord &record);
  void profileScopesChanged(bool on);

private:
  void childFinished(RunRecord record, bool bench);

  LaunchTarget launchTarget;
  RunResultsModel *model;
  QLineEdit *executableField;
  QLineEdit *gridField;
  QLineEdit *argumentsField;
  QLineEdit *benchOptionsField;
  QPushButton *runButton;
  QPushButton *benchButton;
  QLabel *messageLabel;
  QTableView *table;
  TimingPlot *plot;
  QCheckBox *profileBox;
  QLineEdit *timelineProgramsField;
  QComboBox *programChooser;
  ProfileTimelineModel *timeline;
  ProfileTimelineView *timelineView;
  LaunchProcess *child;
};

} // namespace trex::explorer
