//===- DiagnosticFormats.cpp - Diagnostics as JSON and as SARIF -------------===//
#include "compiler/DiagnosticFormats.h"

#include <nlohmann/json.hpp>

#include <cctype>

namespace nvc {
namespace {

/// A file path as a relative or absolute URI reference (RFC 3986): bytes
/// outside the unreserved set and '/' percent-encoded.
std::string uriOf(const std::string &path) {
  static const char *hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

} // namespace

std::string diagnosticsJSON(const std::vector<DiagnosticRecord> &records) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const DiagnosticRecord &r : records) {
    nlohmann::ordered_json d;
    d["kind"] = severityName(r.severity);
    d["message"] = r.message;
    if (!r.flag.empty())
      d["option"] = "-W" + r.flag;
    d["locations"] = nlohmann::ordered_json::array();
    if (r.line != 0)
      d["locations"].push_back(
          {{"caret", {{"file", r.file}, {"line", r.line}, {"column", r.col}}}});
    d["children"] = nlohmann::ordered_json::array();
    // A note belongs to the error or warning before it, as in GCC's output.
    if (r.severity == Severity::Note && !out.empty())
      out.back()["children"].push_back(d);
    else
      out.push_back(d);
  }
  return out.dump() + "\n";
}

std::string diagnosticsSARIF(const std::vector<DiagnosticRecord> &records,
                             const std::string &version) {
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  for (const DiagnosticRecord &r : records) {
    nlohmann::ordered_json res;
    res["ruleId"] = r.flag.empty() ? severityName(r.severity) : r.flag;
    res["level"] = severityName(r.severity);
    res["message"] = {{"text", r.message}};
    if (!r.file.empty()) {
      nlohmann::ordered_json physical;
      physical["artifactLocation"] = {{"uri", uriOf(r.file)}};
      if (r.line != 0)
        physical["region"] = {{"startLine", r.line}, {"startColumn", r.col}};
      res["locations"] = nlohmann::ordered_json::array({{{"physicalLocation", physical}}});
    }
    results.push_back(res);
  }
  nlohmann::ordered_json log;
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["version"] = "2.1.0";
  nlohmann::ordered_json driver;
  driver["name"] = "nvc";
  driver["version"] = version;
  log["runs"] = nlohmann::ordered_json::array(
      {{{"tool", {{"driver", driver}}}, {"results", results}}});
  return log.dump(2) + "\n";
}

} // namespace nvc
