# SPDX-License-Identifier: Apache-2.0 OR MIT
# urix_warnings(TARGET): the project's warning set; errors too when URIX_WERROR is on.
function(urix_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                           -Wsign-conversion -Wnon-virtual-dtor -Wold-style-cast)
  if(URIX_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
