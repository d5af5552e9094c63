/* xmlprofile_fields.h - the elements of a DiskSpd XML profile, as one
 * table tree (xmlprofile_table.h) rooted at <Profile>. */
#ifndef IOPROBE_XMLPROFILE_FIELDS_H
#define IOPROBE_XMLPROFILE_FIELDS_H

#include "profile/xmlprofile_table.h"

/* <Profile>: read with xp_read_field() (xmlprofile_read.h) after checking
 * the root element's name against its name, written with xw_node()
 * (xmlprofile_write.h).  Reading it checks every cross-element rule,
 * replaces template paths and refuses unused substitutions. */
extern const struct xfield xmlprofile_root;

#endif
