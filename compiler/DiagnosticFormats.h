//===- DiagnosticFormats.h - Diagnostics as JSON and as SARIF ---------------===//
//
// The machine-readable forms of -fdiagnostics-format, for editors, CI
// annotations and code-scanning services:
// - json: GCC's -fdiagnostics-format=json layout, an array of objects with
//   "kind" (error, warning, note), "message", "option" (-W<flag> of a
//   warning), "locations" [{"caret": {"file", "line", "column"}}] (1-based;
//   absent for option errors) and "children" (the notes that follow it);
// - sarif: a SARIF 2.1.0 log (OASIS), one run of tool "nvc" whose results
//   have "level" (error, warning, note), "message.text", "ruleId" (the
//   warning group, or "error"/"note"), and a physicalLocation with
//   artifactLocation.uri and region.startLine/startColumn.
//
//===----------------------------------------------------------------------===//
#ifndef NVC_COMPILER_DIAGNOSTICFORMATS_H
#define NVC_COMPILER_DIAGNOSTICFORMATS_H

#include "frontend/syntax/Diagnostics.h"

#include <string>
#include <vector>

namespace nvc {

/// `records` in GCC's JSON layout (one line, then a newline).
std::string diagnosticsJSON(const std::vector<DiagnosticRecord> &records);

/// `records` as a SARIF 2.1.0 log of tool nvc version `version` (indented,
/// ending in a newline).
std::string diagnosticsSARIF(const std::vector<DiagnosticRecord> &records,
                             const std::string &version);

} // namespace nvc

#endif // NVC_COMPILER_DIAGNOSTICFORMATS_H
