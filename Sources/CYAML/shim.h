// libyaml's public API (yaml.h from libyaml-dev), exposed to Swift as the CYAML module.
#include <yaml.h>
