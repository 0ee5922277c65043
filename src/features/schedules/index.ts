// The schedules area's public face: other areas show upcoming bills and offer "Make this repeat".
export { ScheduleDialog, type ScheduleDraft } from './ScheduleDialog';
export { StillToPay } from './StillToPay';
export { UpcomingRows } from './UpcomingRows';
