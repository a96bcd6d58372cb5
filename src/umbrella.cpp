// liburix, the umbrella library (see src/CMakeLists.txt): it links urix::core and, when built,
// urix::idna, and has no code of its own. Compiling the umbrella header here keeps it whole.
#include "urix.h"
