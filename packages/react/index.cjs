// For the few packages that still require("react"): preact/compat as it is (see index.js for the additions).
module.exports = require("preact/compat");
