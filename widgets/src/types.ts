/*
| The shapes the Adrelay embed endpoints answer, declared once in the app
| (app/embeds/types.ts) and re-exported here for the package's users.
*/
export type {
  CampaignFigures,
  EmbedCampaignPerformance,
  EmbedComponent,
  EmbedKey,
  EmbedQuota,
  EmbedRecentCall,
  EmbedRuleChange,
  EmbedRuleRun,
  EmbedSessionInfo,
  EmbedUsage,
} from '../../app/embeds/types.js'
