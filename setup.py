# SPDX-License-Identifier: Apache-2.0 OR MIT
"""pip install --no-build-isolation .  builds the Python module urix with the project's CMake.

setuptools drives CMake (the library and python/'s extension only, Release) for the Python
that runs pip, and packages python/urix with the built extension. Debian's setuptools, wheel
and pybind11 (tools/deps.sh) are all it needs: no network, hence --no-build-isolation.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent
VERSION = re.search(r'project\(urix VERSION ([0-9.]+)',
                    (ROOT / 'CMakeLists.txt').read_text()).group(1)


class CMakeBuild(build_ext):
    """Builds the extension urix._urix with CMake instead of setuptools' compiler calls."""

    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve() / 'cmake'
        configure = ['cmake', '-S', str(ROOT), '-B', str(build), '-DCMAKE_BUILD_TYPE=Release',
                     '-DURIX_PYTHON=ON', '-DURIX_TESTS=OFF', '-DURIX_BENCH=OFF',
                     '-DURIX_FUZZ=OFF', '-DURIX_CLI=OFF', f'-DPython_EXECUTABLE={sys.executable}']
        if shutil.which('ninja'):
            configure += ['-G', 'Ninja']
        subprocess.run(configure, check=True)
        subprocess.run(['cmake', '--build', str(build), '--target', 'urix_python', '--parallel',
                        str(os.cpu_count() or 1)], check=True)
        built = next((build / 'python' / 'urix').glob('_urix*' + (os.path.splitext(
            self.get_ext_filename('x'))[1])))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    name='urix',
    version=VERSION,
    description='URI characters exactly as the RFCs say (RFC 3986, RFC 3987): percent-encoding, '
                'URI parsing, normalization, IRIs, and a faster urllib.parse',
    python_requires='>=3.8',
    packages=['urix'],
    package_dir={'': 'python'},
    package_data={'urix': ['py.typed', '*.pyi']},
    ext_modules=[Extension('urix._urix', sources=[])],
    cmdclass={'build_ext': CMakeBuild},
    zip_safe=False,
)
