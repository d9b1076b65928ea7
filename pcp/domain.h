/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The agent's PCP domain: PCP leaves 385-510 to agents outside its
 * packages (pmns/stdpmid); Install's domain= and the agent's -d change it.
 */
#define HISI 490
