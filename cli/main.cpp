#include <cstdio>
#include "urix.h"
int main() { std::puts(URIX_VERSION_STRING); }
