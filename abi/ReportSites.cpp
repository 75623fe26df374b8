//===- ReportSites.cpp - The module's error and print tables ---------------===//
#include "abi/KernelABI.h"

#include <tuple>

namespace nvc {

namespace {

auto key(const ErrorSiteABI &s) {
  return std::tie(s.type, s.message, s.arguments, s.function, s.file, s.line, s.column);
}

bool samePieces(const std::vector<PrintPieceABI> &a, const std::vector<PrintPieceABI> &b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (a[i].text != b[i].text || a[i].dtype != b[i].dtype)
      return false;
  return true;
}

} // namespace

uint32_t ReportSites::errorId(const ErrorSiteABI &site) {
  for (size_t i = 0; i < errors.size(); ++i)
    if (key(errors[i]) == key(site))
      return static_cast<uint32_t>(i + 1);
  errors.push_back(site);
  return static_cast<uint32_t>(errors.size());
}

uint32_t ReportSites::printId(const PrintSiteABI &site) {
  for (size_t i = 0; i < prints.size(); ++i) {
    const PrintSiteABI &p = prints[i];
    if (p.function == site.function && p.file == site.file && p.line == site.line &&
        p.column == site.column && samePieces(p.pieces, site.pieces))
      return static_cast<uint32_t>(i + 1);
  }
  prints.push_back(site);
  return static_cast<uint32_t>(prints.size());
}

} // namespace nvc
