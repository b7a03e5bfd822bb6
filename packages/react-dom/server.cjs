module.exports = require("preact/compat/server");
