// +groupName=test.example.com
// +versionName=v1
import type { V1ObjectMeta } from '@kubernetes/client-node';

/** Level1 starts 64 levels of plain, non-recursive nesting. */
export interface Level1 {
  /** next level. */
  next?: Level2;
}

/** Level2 is level 2. */
export interface Level2 {
  /** next level. */
  next?: Level3;
}

/** Level3 is level 3. */
export interface Level3 {
  /** next level. */
  next?: Level4;
}

/** Level4 is level 4. */
export interface Level4 {
  /** next level. */
  next?: Level5;
}

/** Level5 is level 5. */
export interface Level5 {
  /** next level. */
  next?: Level6;
}

/** Level6 is level 6. */
export interface Level6 {
  /** next level. */
  next?: Level7;
}

/** Level7 is level 7. */
export interface Level7 {
  /** next level. */
  next?: Level8;
}

/** Level8 is level 8. */
export interface Level8 {
  /** next level. */
  next?: Level9;
}

/** Level9 is level 9. */
export interface Level9 {
  /** next level. */
  next?: Level10;
}

/** Level10 is level 10. */
export interface Level10 {
  /** next level. */
  next?: Level11;
}

/** Level11 is level 11. */
export interface Level11 {
  /** next level. */
  next?: Level12;
}

/** Level12 is level 12. */
export interface Level12 {
  /** next level. */
  next?: Level13;
}

/** Level13 is level 13. */
export interface Level13 {
  /** next level. */
  next?: Level14;
}

/** Level14 is level 14. */
export interface Level14 {
  /** next level. */
  next?: Level15;
}

/** Level15 is level 15. */
export interface Level15 {
  /** next level. */
  next?: Level16;
}

/** Level16 is level 16. */
export interface Level16 {
  /** next level. */
  next?: Level17;
}

/** Level17 is level 17. */
export interface Level17 {
  /** next level. */
  next?: Level18;
}

/** Level18 is level 18. */
export interface Level18 {
  /** next level. */
  next?: Level19;
}

/** Level19 is level 19. */
export interface Level19 {
  /** next level. */
  next?: Level20;
}

/** Level20 is level 20. */
export interface Level20 {
  /** next level. */
  next?: Level21;
}

/** Level21 is level 21. */
export interface Level21 {
  /** next level. */
  next?: Level22;
}

/** Level22 is level 22. */
export interface Level22 {
  /** next level. */
  next?: Level23;
}

/** Level23 is level 23. */
export interface Level23 {
  /** next level. */
  next?: Level24;
}

/** Level24 is level 24. */
export interface Level24 {
  /** next level. */
  next?: Level25;
}

/** Level25 is level 25. */
export interface Level25 {
  /** next level. */
  next?: Level26;
}

/** Level26 is level 26. */
export interface Level26 {
  /** next level. */
  next?: Level27;
}

/** Level27 is level 27. */
export interface Level27 {
  /** next level. */
  next?: Level28;
}

/** Level28 is level 28. */
export interface Level28 {
  /** next level. */
  next?: Level29;
}

/** Level29 is level 29. */
export interface Level29 {
  /** next level. */
  next?: Level30;
}

/** Level30 is level 30. */
export interface Level30 {
  /** next level. */
  next?: Level31;
}

/** Level31 is level 31. */
export interface Level31 {
  /** next level. */
  next?: Level32;
}

/** Level32 is level 32. */
export interface Level32 {
  /** next level. */
  next?: Level33;
}

/** Level33 is level 33. */
export interface Level33 {
  /** next level. */
  next?: Level34;
}

/** Level34 is level 34. */
export interface Level34 {
  /** next level. */
  next?: Level35;
}

/** Level35 is level 35. */
export interface Level35 {
  /** next level. */
  next?: Level36;
}

/** Level36 is level 36. */
export interface Level36 {
  /** next level. */
  next?: Level37;
}

/** Level37 is level 37. */
export interface Level37 {
  /** next level. */
  next?: Level38;
}

/** Level38 is level 38. */
export interface Level38 {
  /** next level. */
  next?: Level39;
}

/** Level39 is level 39. */
export interface Level39 {
  /** next level. */
  next?: Level40;
}

/** Level40 is level 40. */
export interface Level40 {
  /** next level. */
  next?: Level41;
}

/** Level41 is level 41. */
export interface Level41 {
  /** next level. */
  next?: Level42;
}

/** Level42 is level 42. */
export interface Level42 {
  /** next level. */
  next?: Level43;
}

/** Level43 is level 43. */
export interface Level43 {
  /** next level. */
  next?: Level44;
}

/** Level44 is level 44. */
export interface Level44 {
  /** next level. */
  next?: Level45;
}

/** Level45 is level 45. */
export interface Level45 {
  /** next level. */
  next?: Level46;
}

/** Level46 is level 46. */
export interface Level46 {
  /** next level. */
  next?: Level47;
}

/** Level47 is level 47. */
export interface Level47 {
  /** next level. */
  next?: Level48;
}

/** Level48 is level 48. */
export interface Level48 {
  /** next level. */
  next?: Level49;
}

/** Level49 is level 49. */
export interface Level49 {
  /** next level. */
  next?: Level50;
}

/** Level50 is level 50. */
export interface Level50 {
  /** next level. */
  next?: Level51;
}

/** Level51 is level 51. */
export interface Level51 {
  /** next level. */
  next?: Level52;
}

/** Level52 is level 52. */
export interface Level52 {
  /** next level. */
  next?: Level53;
}

/** Level53 is level 53. */
export interface Level53 {
  /** next level. */
  next?: Level54;
}

/** Level54 is level 54. */
export interface Level54 {
  /** next level. */
  next?: Level55;
}

/** Level55 is level 55. */
export interface Level55 {
  /** next level. */
  next?: Level56;
}

/** Level56 is level 56. */
export interface Level56 {
  /** next level. */
  next?: Level57;
}

/** Level57 is level 57. */
export interface Level57 {
  /** next level. */
  next?: Level58;
}

/** Level58 is level 58. */
export interface Level58 {
  /** next level. */
  next?: Level59;
}

/** Level59 is level 59. */
export interface Level59 {
  /** next level. */
  next?: Level60;
}

/** Level60 is level 60. */
export interface Level60 {
  /** next level. */
  next?: Level61;
}

/** Level61 is level 61. */
export interface Level61 {
  /** next level. */
  next?: Level62;
}

/** Level62 is level 62. */
export interface Level62 {
  /** next level. */
  next?: Level63;
}

/** Level63 is level 63. */
export interface Level63 {
  /** next level. */
  next?: Level64;
}

/** Level64 is level 64. */
export interface Level64 {
  /** leaf value. */
  leaf?: string;
}

/** Widget is the Schema for the widgets API. */
export interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
  spec?: Level1;
}
