# shellcheck shell=bash disable=SC2034 # sourced: the caller uses the variables
# SPDX-License-Identifier: GPL-2.0
#
# The compiler and output suffix for programs that run in the emulator's
# guest. The guest has the host's architecture unless HIP09_EMU_ARCH names
# another one (vm-run reads the same variable as its --arch default); then
# programs are cross-compiled and kept apart from the native ones.
#   GUEST_ARCH    x86_64 or arm64
#   GUEST_CC      gcc, or <triplet>-gcc for a foreign guest
#   GUEST_SUFFIX  "" native, "-<arch>" foreign (for output directories)

guest_arch_of() {
	case $1 in
	x86_64|amd64) echo x86_64 ;;
	arm64|aarch64) echo arm64 ;;
	*) echo "unsupported architecture $1" >&2; return 1 ;;
	esac
}

GUEST_ARCH=$(guest_arch_of "${HIP09_EMU_ARCH:-$(uname -m)}") || exit 2
GUEST_CC=gcc
GUEST_SUFFIX=""
if [ "$GUEST_ARCH" != "$(guest_arch_of "$(uname -m)")" ]; then
	case $GUEST_ARCH in
	arm64) GUEST_CC=aarch64-linux-gnu-gcc ;;
	x86_64) GUEST_CC=x86_64-linux-gnu-gcc ;;
	esac
	GUEST_SUFFIX=-$GUEST_ARCH
fi
