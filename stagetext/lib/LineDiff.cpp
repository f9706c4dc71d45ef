// LineDiff: Myers' greedy shortest-edit-script search with the common prefix and suffix peeled
// off first, since consecutive pass snapshots differ in a few places of a long module, and
// lines without a counterpart on the other side left out of the search.
#include "trex/StageText/LineDiff.h"

#include <algorithm>
#include <sstream>
#include <unordered_map>

namespace trex::stagetext {

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

// The longest common subsequence of a and b (lines as interned ids), as index pairs, ascending.
// Myers' greedy search; `trace` keeps, after each edit count d, the furthest-reaching x of the
// diagonals -d..d only, so it holds O(D^2) values for D edits.
std::vector<std::pair<int, int>> commonSubsequence(const std::vector<int> &a,
                                                   const std::vector<int> &b) {
  const int n = static_cast<int>(a.size()), m = static_cast<int>(b.size());
  const int max = n + m;
  const int offset = max + 1;
  std::vector<int> v(2 * max + 3, 0);
  std::vector<std::vector<int>> trace;
  int finalD = 0;
  for (int d = 0; d <= max; ++d) {
    // v as it was before edit d, diagonals -d..d (what the backtrack of step d reads).
    trace.emplace_back(v.begin() + offset - d - 1, v.begin() + offset + d + 2);
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
      break;
    }
  }
  std::vector<std::pair<int, int>> common;
  int x = n, y = m;
  for (int d = finalD; d > 0; --d) {
    const std::vector<int> &previous = trace[d];
    auto at = [&](int k) { return previous[k + d + 1]; };
    int k = x - y;
    int previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1;
    int previousX = at(previousK);
    int previousY = previousX - previousK;
    while (x > previousX && y > previousY)
      common.push_back({--x, --y});
    x = previousX;
    y = previousY;
  }
  while (x > 0 && y > 0)
    common.push_back({--x, --y});
  std::reverse(common.begin(), common.end());
  return common;
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

  // Lines as ids, and only those that occur on both sides: a line without a counterpart is
  // removed or added in every common subsequence, so leaving it out changes no match but
  // shrinks the search (a pass that rewrites the whole module, as the lowering to LLVM does,
  // leaves almost nothing to search).
  std::unordered_map<std::string_view, int> ids;
  auto idOf = [&](std::string_view line) {
    return ids.emplace(line, static_cast<int>(ids.size())).first->second;
  };
  std::vector<int> idsA, idsB;
  for (size_t i = prefix; i < a.size() - suffix; ++i)
    idsA.push_back(idOf(a[i]));
  const int idsOfA = static_cast<int>(ids.size());
  std::vector<bool> inB(idsOfA, false);
  for (size_t i = prefix; i < b.size() - suffix; ++i) {
    idsB.push_back(idOf(b[i]));
    if (idsB.back() < idsOfA)
      inB[idsB.back()] = true;
  }
  std::vector<bool> inA(ids.size(), false);
  for (int id : idsA)
    inA[id] = true;
  std::vector<int> keptA, keptB, indexA, indexB;
  for (size_t i = 0; i < idsA.size(); ++i)
    if (inB[idsA[i]]) {
      keptA.push_back(idsA[i]);
      indexA.push_back(static_cast<int>(i));
    }
  for (size_t i = 0; i < idsB.size(); ++i)
    if (inA[idsB[i]]) {
      keptB.push_back(idsB[i]);
      indexB.push_back(static_cast<int>(i));
    }

  std::vector<DiffLine> diff;
  int oldLine = 0, newLine = 0;
  auto same = [&](std::string_view text) {
    diff.push_back({DiffLine::Kind::Same, std::string(text), ++oldLine, ++newLine});
  };
  for (size_t i = 0; i < prefix; ++i)
    same(a[i]);
  // Between two matched lines, the removed lines of a, then the added lines of b, as diff(1).
  int nextA = 0, nextB = 0;
  auto changesUpTo = [&](int endA, int endB) {
    for (; nextA < endA; ++nextA)
      diff.push_back({DiffLine::Kind::Removed, std::string(a[prefix + nextA]), ++oldLine, 0});
    for (; nextB < endB; ++nextB)
      diff.push_back({DiffLine::Kind::Added, std::string(b[prefix + nextB]), 0, ++newLine});
  };
  for (const auto &[keptIndexA, keptIndexB] : commonSubsequence(keptA, keptB)) {
    changesUpTo(indexA[keptIndexA], indexB[keptIndexB]);
    same(a[prefix + nextA]);
    ++nextA;
    ++nextB;
  }
  changesUpTo(static_cast<int>(idsA.size()), static_cast<int>(idsB.size()));
  for (size_t i = a.size() - suffix; i < a.size(); ++i)
    same(a[i]);
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

} // namespace trex::stagetext
