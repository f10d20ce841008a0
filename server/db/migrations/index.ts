import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as workflowEmailPush from './0100_workflow_email_push';
import * as integrity from './0200_integrity';
import * as loginAttempts from './0300_login_attempts';
import * as moduleStudio from './0400_module_studio';
import * as expenseAccountModules from './0410_expense_account_modules';
import * as adminEntities from './0500_admin_entities';
import * as statistics from './0600_statistics';
import * as financeMasterRetire from './0610_finance_master_retire';
import * as exportJobs from './0611_export_jobs';
import * as statisticRows from './0620_statistic_rows';
import * as statisticRowsFilesUnpaid from './0621_statistic_rows_files_unpaid';
import * as exportJobLease from './0630_export_job_lease';
import * as scaleOutboxLeaseFiles from './0800_scale_outbox_lease_files';
import * as scaleListIndexes from './0801_scale_list_indexes';
import * as scaleBufferViewers from './0810_scale_buffer_viewers';
import * as scaleViewersBulk from './0811_scale_viewers_bulk';
import * as loadDoneList from './0820_load_done_list';
import * as userLanguage from './0830_user_language';
import * as fileChunks from './0840_file_chunks';
import * as documentCompany from './0850_document_company';
import * as records from './0900_records';
import * as routes from './0910_routes';
import * as deputies from './0930_deputies';
import * as reminders from './0940_reminders';
import * as historyOnBehalf from './0945_history_on_behalf';
import * as positionsDated from './0960_positions_dated';
import * as recordsSealed from './0980_records_sealed';
import * as requesterTasks from './0970_requester_tasks';
import * as editRestart from './0965_edit_restart';
import * as mailActions from './0990_mail_actions';
import * as comments from './1070_comments';
import * as webhooks from './1120_webhooks';
import * as push from './1140_push';
import * as urgent from './1100_urgent';
import * as liveEvents from './1101_live_events';
import * as scim from './1110_scim';
import * as userSessions from './1111_user_sessions';
import * as sso from './1200_sso';
import * as liveEventsStep from './1102_live_events_step';
import * as accessLog from './1210_access_log';
import * as journals from './1220_journals';
import * as exchangeRates from './1230_exchange_rates';
import * as accessLogLease from './1211_access_log_lease';
import * as numbering from './1240_numbering';
import * as proxyFilers from './1241_proxy_filers';
import * as draftsPerPrincipal from './1280_drafts_per_principal';
import * as filePreviews from './1320_file_previews';
import * as recordsAllDatesIdx from './1370_records_all_dates_idx';
import * as hotTriggers from './1390_hot_triggers';
import * as numberSequences from './1400_number_sequences';
import * as liveEventsAfterCommit from './1401_live_events_after_commit';
import * as documentState from './1410_document_state';
import * as documentStateEligibility from './1411_document_state_eligibility';
import * as viewersWrittenReason from './1412_viewers_written_reason';
import * as decisionWithoutLock from './1413_decision_without_lock';
import * as documentStateForTheEnd from './1414_document_state_for_the_end';
import * as recordsUnchanged from './1415_records_unchanged';
import * as passStep from './1416_pass_step';
import * as budgets from './1310_budgets';
import * as filedAsPost from './1340_filed_as_post';
import * as followUps from './1330_follow_ups';

/**
 * Every migration, by name in the order they run. A static list (not a folder scan) so the
 * server runs the same way under tsx, Vitest and a bundler. Add new files here.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0100_workflow_email_push': workflowEmailPush,
  '0200_integrity': integrity,
  '0300_login_attempts': loginAttempts,
  '0400_module_studio': moduleStudio,
  '0410_expense_account_modules': expenseAccountModules,
  '0500_admin_entities': adminEntities,
  '0600_statistics': statistics,
  '0610_finance_master_retire': financeMasterRetire,
  '0611_export_jobs': exportJobs,
  '0620_statistic_rows': statisticRows,
  '0621_statistic_rows_files_unpaid': statisticRowsFilesUnpaid,
  '0630_export_job_lease': exportJobLease,
  '0800_scale_outbox_lease_files': scaleOutboxLeaseFiles,
  '0801_scale_list_indexes': scaleListIndexes,
  '0810_scale_buffer_viewers': scaleBufferViewers,
  '0811_scale_viewers_bulk': scaleViewersBulk,
  '0820_load_done_list': loadDoneList,
  '0830_user_language': userLanguage,
  '0840_file_chunks': fileChunks,
  '0850_document_company': documentCompany,
  '0900_records': records,
  '0910_routes': routes,
  '0930_deputies': deputies,
  '0940_reminders': reminders,
  '0945_history_on_behalf': historyOnBehalf,
  '0960_positions_dated': positionsDated,
  '0980_records_sealed': recordsSealed,
  '0970_requester_tasks': requesterTasks,
  '0965_edit_restart': editRestart,
  '0990_mail_actions': mailActions,
  '1070_comments': comments,
  '1120_webhooks': webhooks,
  '1140_push': push,
  '1100_urgent': urgent,
  '1101_live_events': liveEvents,
  '1110_scim': scim,
  '1111_user_sessions': userSessions,
  '1102_live_events_step': liveEventsStep,
  '1210_access_log': accessLog,
  '1220_journals': journals,
  '1230_exchange_rates': exchangeRates,
  '1211_access_log_lease': accessLogLease,
  '1240_numbering': numbering,
  '1241_proxy_filers': proxyFilers,
  '1280_drafts_per_principal': draftsPerPrincipal,
  '1320_file_previews': filePreviews,
  '1370_records_all_dates_idx': recordsAllDatesIdx,
  '1310_budgets': budgets,
  '1340_filed_as_post': filedAsPost,
  '1330_follow_ups': followUps,
  '1200_sso': sso,
  '1390_hot_triggers': hotTriggers,
  '1400_number_sequences': numberSequences,
  '1401_live_events_after_commit': liveEventsAfterCommit,
  '1410_document_state': documentState,
  '1411_document_state_eligibility': documentStateEligibility,
  '1412_viewers_written_reason': viewersWrittenReason,
  '1413_decision_without_lock': decisionWithoutLock,
  '1414_document_state_for_the_end': documentStateForTheEnd,
  '1415_records_unchanged': recordsUnchanged,
  '1416_pass_step': passStep,
};
