"""Builds the module slidedb with CMake for pip (pyproject.toml).

The build directory is $SLIDEDB_CMAKE_BUILD_DIR when set (a build tree of
one's own, so that a second install compiles nothing new), else
build/pip under the source tree. A build directory already configured
(its CMakeCache.txt exists) is used as it is, not configured again: the
ctest python_install reuses the suite's own. Only the target
slidedb_python is built.
"""
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    """Configures the project and builds the module target with CMake."""

    def build_extension(self, ext):
        build_dir = os.environ.get("SLIDEDB_CMAKE_BUILD_DIR",
                                   os.path.join(ROOT, "build", "pip"))
        configure = ["cmake", "-S", ROOT, "-B", build_dir,
                     "-DCMAKE_BUILD_TYPE=Release",
                     "-DSLIDEDB_BUILD_TESTS=OFF", "-DSLIDEDB_BUILD_BENCH=OFF",
                     "-DPython_EXECUTABLE=" + sys.executable]
        if shutil.which("ccache"):
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
            subprocess.run(configure, check=True, stdout=subprocess.DEVNULL)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 1))
        subprocess.run(["cmake", "--build", build_dir, "-j", jobs,
                        "--target", "slidedb_python"], check=True)
        built = [f for f in os.listdir(os.path.join(build_dir, "python"))
                 if f.startswith("slidedb.") and f.endswith(".so")]
        if len(built) != 1:
            raise RuntimeError("CMake built no single slidedb*.so in "
                               + os.path.join(build_dir, "python"))
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(os.path.join(build_dir, "python", built[0]), target)


setup(packages=[], py_modules=[],
      ext_modules=[Extension("slidedb", sources=[])],
      cmdclass={"build_ext": CMakeBuild})
