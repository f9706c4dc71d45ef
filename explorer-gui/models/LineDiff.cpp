// LineDiff: Myers' greedy shortest-edit-script search with the common prefix and suffix peeled
// off first, since consecutive pass snapshots differ in a few places of a long module.
#include "LineDiff.h"

#include <algorithm>
#include <sstream>

namespace trex::explorer {

std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos)
      end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

namespace {

enum class Step { Same, Removed, Added };

// The edit steps that turn a into b (both already trimmed of their common ends). `trace` keeps
// the furthest-reaching x of every diagonal k after each edit count d, which is what the
// backtrack needs; its size is O(D * (N + M)), small for the few edits between snapshots.
std::vector<Step> myers(const std::vector<std::string_view> &a,
                        const std::vector<std::string_view> &b) {
  const int n = static_cast<int>(a.size()), m = static_cast<int>(b.size());
  const int max = n + m;
  const int offset = max + 1;
  std::vector<int> v(2 * max + 3, 0);
  std::vector<std::vector<int>> trace;
  int finalD = 0;
  for (int d = 0; d <= max; ++d) {
    trace.push_back(v);
    bool done = false;
    for (int k = -d; k <= d; k += 2) {
      int x;
      if (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
        x = v[offset + k + 1];
      else
        x = v[offset + k - 1] + 1;
      int y = x - k;
      while (x < n && y < m && a[x] == b[y]) {
        ++x;
        ++y;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        done = true;
        break;
      }
    }
    if (done) {
      finalD = d;
      trace.push_back(v);
      break;
    }
  }
  std::vector<Step> steps;
  int x = n, y = m;
  for (int d = finalD; d > 0; --d) {
    const std::vector<int> &previous = trace[d];
    int k = x - y;
    int previousK;
    if (k == -d || (k != d && previous[offset + k - 1] < previous[offset + k + 1]))
      previousK = k + 1;
    else
      previousK = k - 1;
    int previousX = previous[offset + previousK];
    int previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      steps.push_back(Step::Same);
      --x;
      --y;
    }
    steps.push_back(x == previousX ? Step::Added : Step::Removed);
    x = previousX;
    y = previousY;
  }
  while (x > 0 && y > 0) {
    steps.push_back(Step::Same);
    --x;
    --y;
  }
  std::reverse(steps.begin(), steps.end());
  return steps;
}

} // namespace

std::vector<DiffLine> diffLines(std::string_view before, std::string_view after) {
  std::vector<std::string_view> a = splitLines(before), b = splitLines(after);
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix])
    ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  std::vector<std::string_view> middleA(a.begin() + prefix, a.end() - suffix);
  std::vector<std::string_view> middleB(b.begin() + prefix, b.end() - suffix);

  std::vector<DiffLine> diff;
  int oldLine = 0, newLine = 0;
  auto same = [&](std::string_view text) {
    diff.push_back({DiffLine::Kind::Same, std::string(text), ++oldLine, ++newLine});
  };
  for (size_t i = 0; i < prefix; ++i)
    same(a[i]);
  size_t ia = 0, ib = 0;
  for (Step step : myers(middleA, middleB)) {
    switch (step) {
    case Step::Same:
      same(middleA[ia++]);
      ++ib;
      break;
    case Step::Removed:
      diff.push_back({DiffLine::Kind::Removed, std::string(middleA[ia++]), ++oldLine, 0});
      break;
    case Step::Added:
      diff.push_back({DiffLine::Kind::Added, std::string(middleB[ib++]), 0, ++newLine});
      break;
    }
  }
  for (size_t i = a.size() - suffix; i < a.size(); ++i)
    same(a[i]);

  // Myers interleaves removals and additions of one change; show a change as its removed
  // lines followed by its added lines, as diff(1) does.
  for (size_t start = 0; start < diff.size();) {
    if (diff[start].kind == DiffLine::Kind::Same) {
      ++start;
      continue;
    }
    size_t end = start;
    while (end < diff.size() && diff[end].kind != DiffLine::Kind::Same)
      ++end;
    std::stable_partition(diff.begin() + start, diff.begin() + end,
                          [](const DiffLine &line) { return line.kind == DiffLine::Kind::Removed; });
    start = end;
  }
  return diff;
}

std::string unifiedDiff(const std::vector<DiffLine> &diff, int context) {
  std::ostringstream out;
  const int count = static_cast<int>(diff.size());
  int index = 0;
  while (index < count) {
    if (diff[index].kind == DiffLine::Kind::Same) {
      ++index;
      continue;
    }
    // A hunk: from `context` lines before this change to `context` lines after the last
    // change that is no more than 2 * context unchanged lines from the next.
    int begin = std::max(0, index - context);
    int end = index;
    int lastChange = index;
    while (end < count) {
      if (diff[end].kind != DiffLine::Kind::Same)
        lastChange = end;
      else if (end - lastChange > 2 * context)
        break;
      ++end;
    }
    end = std::min(count, lastChange + context + 1);
    int oldStart = 0, newStart = 0, oldCount = 0, newCount = 0;
    for (int i = begin; i < end; ++i) {
      const DiffLine &line = diff[i];
      if (line.kind != DiffLine::Kind::Added) {
        if (!oldStart)
          oldStart = line.oldLine;
        ++oldCount;
      }
      if (line.kind != DiffLine::Kind::Removed) {
        if (!newStart)
          newStart = line.newLine;
        ++newCount;
      }
    }
    out << "@@ -" << oldStart << "," << oldCount << " +" << newStart << "," << newCount << " @@\n";
    for (int i = begin; i < end; ++i) {
      const DiffLine &line = diff[i];
      out << (line.kind == DiffLine::Kind::Same      ? ' '
              : line.kind == DiffLine::Kind::Removed ? '-'
                                                     : '+')
          << line.text << "\n";
    }
    index = end;
  }
  return out.str();
}

} // namespace trex::explorer
