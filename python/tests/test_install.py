"""`cmake --install` puts a module that a fresh interpreter imports and plays with."""
import os
import subprocess
import sys

import pytest


def test_cmake_install_gives_an_importable_module(tmp_path):
    build = os.environ.get("MAZEWORKS_BUILD_DIR")
    if not build:
        pytest.skip("MAZEWORKS_BUILD_DIR is not set (CTest sets it)")
    cmake = os.environ.get("MAZEWORKS_CMAKE", "cmake")
    subprocess.run([cmake, "--install", build, "--component", "python", "--prefix", str(tmp_path)],
                   check=True, capture_output=True)
    site = tmp_path / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "dist-packages"
    assert any(f.name.startswith("mazeworks.") for f in site.iterdir())
    code = ("import mazeworks; g = mazeworks.load_game('treasure-hunt'); "
            "print(mazeworks.__file__); print(g.play_random_games(2)['games'])")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, check=True,
                         capture_output=True, text=True).stdout.splitlines()
    assert out[0].startswith(str(site)) and out[1] == "2"
