import { Type } from '@sinclair/typebox';

/** A use-by ('dlc') or best-before ('ddm') date (issue 35). */
export const DateKindSchema = Type.Union([Type.Literal('dlc'), Type.Literal('ddm')]);
