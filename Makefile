# Builds and installs the stategen release binary.
#
#   make install [PREFIX=/usr/local] [DESTDIR=]   build, then install $(DESTDIR)$(PREFIX)/bin/stategen
#   make uninstall [PREFIX=/usr/local] [DESTDIR=] remove it
#   make release                                  build only
#
# The binary is one relocatable file (the templates are built in). On Linux it is built with
# --static-swift-stdlib: the Swift runtime, Foundation and the C++ runtime are linked in, so it
# runs without a Swift toolchain (libyaml and glibc stay shared libraries). On macOS the Swift
# runtime is part of the system and the flag is left out. SWIFT names the swift driver.

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
SWIFT   ?= swift
INSTALL ?= install

ifeq ($(shell uname -s),Linux)
STATIC := --static-swift-stdlib
endif

# The same flags as .ci/run's release build, so that after it `make install` builds nothing.
BUILD_FLAGS := -c release --product stategen $(STATIC)

.PHONY: release install uninstall

release:
	$(SWIFT) build $(BUILD_FLAGS)

install: release
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)"
	$(INSTALL) -m 755 "$$($(SWIFT) build -c release --show-bin-path)/stategen" "$(DESTDIR)$(BINDIR)/stategen"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/stategen"
